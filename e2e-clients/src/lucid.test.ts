import {
  Blockfrost,
  Constr,
  Data,
  Lucid,
  applyDoubleCborEncoding,
  fromText,
  mintingPolicyToId,
  toUnit,
  validatorToAddress,
  type LucidEvolution,
  type TxSigned,
  type Script,
  type UTxO,
} from '@lucid-evolution/lucid';
import { expectCip68Asset, NFT_METADATA, NFT_NAME } from './support/cip68.js';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';
import { ALWAYS_SUCCEEDS_V3 } from './support/script.js';

const { mnemonic: seed, mnemonicAddress: address } = DEMO_WALLETS[0];
// Lucid takes scripts double CBOR-encoded (a byte string around the script's byte string).
const script: Script = { type: 'PlutusV3', script: applyDoubleCborEncoding(ALWAYS_SUCCEEDS_V3) };
const scriptAddress = validatorToAddress('Custom', script);

let stack: Stack;
let lucid: LucidEvolution;

beforeAll(async () => {
  stack = await startStack();
  lucid = await Lucid(new Blockfrost(stack.url, stack.projectId), 'Custom');
  lucid.selectWallet.fromSeed(seed);
}, 120_000);

afterAll(() => stack?.stop());

/** Submits and waits with Lucid's awaitTx (it polls GET /txs/{hash}/cbor), polling every 200 ms. */
async function submitAndAwait(signed: TxSigned): Promise<string> {
  const hash = await signed.submit();
  expect(await lucid.awaitTx(hash, 200)).toBe(true);
  return hash;
}

describe('@lucid-evolution/lucid with its Blockfrost provider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(await lucid.wallet().address()).toBe(address);
    const utxos = await lucid.wallet().getUtxos();
    expect(utxos.map((utxo) => utxo.assets)).toEqual([{ lovelace: DEMO_WALLET_LOVELACE }]);

    const served = await stack.get('/epochs/latest/parameters');
    const parameters = await lucid.config().provider!.getProtocolParameters();
    expect(parameters).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      coinsPerUtxoByte: BigInt(served.coins_per_utxo_size),
      maxTxExMem: BigInt(served.max_tx_ex_mem),
      costModels: served.cost_models_raw,
    });
  });

  let locked: UTxO;
  it('pays to a Plutus script address with an inline datum, submits and awaits it (awaitTx)', async () => {
    const tx = await lucid
      .newTx()
      .pay.ToContract(scriptAddress, { kind: 'inline', value: Data.to(42n) }, { lovelace: 10_000_000n })
      .complete();
    const hash = await submitAndAwait(await tx.sign.withWallet().complete());
    [locked] = await lucid.utxosByOutRef([{ txHash: hash, outputIndex: 0 }]);
    expect(locked).toMatchObject({ assets: { lovelace: 10_000_000n }, datum: Data.to(42n) });
  });

  it('spends it with a redeemer, evaluated by the API (localUPLCEval: false)', async () => {
    const tx = await lucid
      .newTx()
      .collectFrom([locked], Data.void())
      .attach.SpendingValidator(script)
      .complete({ localUPLCEval: false });
    await submitAndAwait(await tx.sign.withWallet().complete());
    expect(await lucid.utxosAt(scriptAddress)).toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; GET /assets/{unit} reads the datum’s metadata', async () => {
    const policyId = mintingPolicyToId(script);
    const name = fromText(NFT_NAME);
    const [reference, user] = [toUnit(policyId, name, 100), toUnit(policyId, name, 222)];
    const datum = Data.to(new Constr(0, [Data.fromJson(NFT_METADATA), 1n, Data.void()]));
    const tx = await lucid
      .newTx()
      .mintAssets({ [reference]: 1n, [user]: 1n }, Data.void())
      .attach.MintingPolicy(script)
      .pay.ToContract(scriptAddress, { kind: 'inline', value: datum }, { [reference]: 1n })
      .pay.ToAddress(address, { [user]: 1n })
      .complete({ localUPLCEval: false });
    const hash = await submitAndAwait(await tx.sign.withWallet().complete());
    await expectCip68Asset(stack, user, hash);
  });

  it('spends the unconfirmed script output of a first transaction, evaluated with it as an additional UTxO', async () => {
    const [walletUtxos, outputs, first] = await lucid
      .newTx()
      .pay.ToContract(scriptAddress, { kind: 'inline', value: Data.to(7n) }, { lovelace: 5_000_000n })
      .chain();
    const signedFirst = await first.sign.withWallet().complete();
    const pending = outputs.find((output) => output.address === scriptAddress)!;
    lucid.overrideUTxOs(walletUtxos);
    const second = await lucid
      .newTx()
      .collectFrom([pending], Data.void())
      .attach.SpendingValidator(script)
      .complete({ localUPLCEval: false });
    const signedSecond = await second.sign.withWallet().complete();
    await signedFirst.submit();
    await submitAndAwait(signedSecond);
    lucid.overrideUTxOs([]); // the wallet's UTxOs come from the provider again
  });
});
