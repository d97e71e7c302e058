import {
  BlockfrostProvider,
  CIP68_100,
  CIP68_222,
  MeshTxBuilder,
  MeshWallet,
  applyCborEncoding,
  assocMap,
  byteString,
  conStr0,
  integer,
  mConStr0,
  resolvePlutusScriptAddress,
  resolveScriptHash,
  resolveTxHash,
  stringToHex,
  type UTxO,
} from '@meshsdk/core';
import axios from 'axios';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';
import { expectCip68Asset, NFT_METADATA, NFT_NAME } from './support/cip68.js';
import { ALWAYS_SUCCEEDS_V3 } from './support/script.js';

const words = DEMO_WALLETS[1].mnemonic.split(' ');
// Mesh takes scripts double CBOR-encoded, as Aiken's blueprints are after applyCborEncoding.
const script = { code: applyCborEncoding(ALWAYS_SUCCEEDS_V3), version: 'V3' as const };
const scriptAddress = resolvePlutusScriptAddress(script, 0);
const lovelace = (quantity: string) => [{ unit: 'lovelace', quantity }];

let stack: Stack;
let provider: BlockfrostProvider;
let wallet: MeshWallet;
const address = DEMO_WALLETS[1].mnemonicAddress;

beforeAll(async () => {
  stack = await startStack();
  // Mesh's custom-URL constructor sends no project_id; it copies axios' global defaults into its
  // instance (axios.create), so the documented global default carries the token
  // (docs/contract.md#what-client-libraries-send).
  axios.defaults.headers.common.project_id = stack.projectId;
  provider = new BlockfrostProvider(stack.url);
  wallet = new MeshWallet({
    networkId: 0,
    fetcher: provider,
    submitter: provider,
    key: { type: 'mnemonic', words },
  });
  await wallet.init();
}, 120_000);

afterAll(async () => {
  delete axios.defaults.headers.common.project_id;
  await stack?.stop();
});

/**
 * Until the provider lists the outputs of `txHash` at `at`: the transaction is in a block. (Mesh's own
 * onTxConfirmed checks every 5 s: the payment test uses it, the other steps wait this faster way.)
 */
async function outputsOf(txHash: string, at: string): Promise<UTxO[]> {
  for (;;) {
    const found = (await provider.fetchAddressUTxOs(at)).filter((utxo) => utxo.input.txHash === txHash);
    if (found.length) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('@meshsdk/core with its BlockfrostProvider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(await wallet.getChangeAddress()).toBe(address);
    expect((await wallet.getUtxos()).map((utxo) => utxo.output.amount)).toEqual([
      [{ unit: 'lovelace', quantity: DEMO_WALLET_LOVELACE.toString() }],
    ]);
    const served = await stack.get('/epochs/latest/parameters');
    expect(await provider.fetchProtocolParameters()).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      coinsPerUtxoSize: Number(served.coins_per_utxo_size),
      maxTxSize: served.max_tx_size,
    });
  });

  it('builds, signs and submits a payment, and awaits it with onTxConfirmed', async () => {
    const unsigned = await new MeshTxBuilder({ fetcher: provider, submitter: provider })
      .txOut(address, lovelace('5000000'))
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const hash = await wallet.submitTx(await wallet.signTx(unsigned));
    // Every 5 s: GET /txs/{hash}, /txs/{hash}/utxos and /blocks/{block_hash}, until `confirmations` > 0.
    await new Promise<void>((resolve) => provider.onTxConfirmed(hash, resolve));
    const outputs = (await provider.fetchUTxOs(hash)).map((utxo) => utxo.output.amount);
    expect(outputs).toContainEqual(lovelace('5000000'));
  }, 30_000);

  /** A builder whose scripts the provider evaluates (POST /utils/txs/evaluate/utxos). */
  const builder = () => new MeshTxBuilder({ fetcher: provider, submitter: provider, evaluator: provider });
  const signAndSubmit = async (unsigned: string) => wallet.submitTx(await wallet.signTx(unsigned));
  /** A lovelace-only wallet UTxO, as collateral must be. */
  const collateral = async () => (await wallet.getUtxos()).find((utxo) => utxo.output.amount.length === 1)!;

  let locked: UTxO;
  it('pays to a Plutus script address with an inline datum and submits', async () => {
    const unsigned = await builder()
      .txOut(scriptAddress, lovelace('10000000'))
      .txOutInlineDatumValue(42)
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const hash = await signAndSubmit(unsigned);
    [locked] = await outputsOf(hash, scriptAddress);
    expect(locked.output).toMatchObject({ amount: lovelace('10000000'), plutusData: '182a' });
  });

  it('spends it with a redeemer, evaluated through the provider', async () => {
    const { input, output } = await collateral();
    const unsigned = await builder()
      .spendingPlutusScriptV3()
      .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, scriptAddress)
      .txInInlineDatumPresent()
      .txInRedeemerValue(mConStr0([]))
      .txInScript(script.code)
      .txInCollateral(input.txHash, input.outputIndex, output.amount, output.address)
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    await outputsOf(await signAndSubmit(unsigned), address);
    expect(await provider.fetchAddressUTxOs(scriptAddress)).toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; GET /assets/{unit} reads the datum’s metadata', async () => {
    const policyId = resolveScriptHash(script.code, 'V3');
    const name = stringToHex(NFT_NAME);
    const [reference, user] = [policyId + CIP68_100(name), policyId + CIP68_222(name)];
    // Mesh 1.9.1 copies outputs through JSON while it builds, where the Map that metadataToCip68 returns
    // turns into {} and fails ("Cannot convert undefined to a BigInt"): the datum is written in Mesh's
    // JSON form instead.
    const cip68Datum = conStr0([
      assocMap(
        Object.entries(NFT_METADATA).map(([key, value]) => [
          byteString(stringToHex(key)),
          byteString(stringToHex(value)),
        ]),
      ),
      integer(1),
    ]);
    const { input, output } = await collateral();
    const unsigned = await builder()
      .mintPlutusScriptV3()
      .mint('1', policyId, CIP68_100(name))
      .mintingScript(script.code)
      .mintRedeemerValue(mConStr0([]))
      .mintPlutusScriptV3()
      .mint('1', policyId, CIP68_222(name))
      .mintingScript(script.code)
      .mintRedeemerValue(mConStr0([]))
      .txOut(scriptAddress, [{ unit: reference, quantity: '1' }])
      .txOutInlineDatumValue(cip68Datum, 'JSON')
      .txOut(address, [{ unit: user, quantity: '1' }])
      .txInCollateral(input.txHash, input.outputIndex, output.amount, output.address)
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const hash = await signAndSubmit(unsigned);
    await outputsOf(hash, address);
    await expectCip68Asset(stack, user, hash);
  });

  it('spends the unconfirmed script output of a first transaction, evaluated with it as an additional UTxO', async () => {
    // The largest lovelace-only UTxO funds the first transaction (Mesh's coin selection is random, so
    // which ones earlier steps left varies); the rest fund the second and give its collateral.
    const [funding, ...others] = (await wallet.getUtxos())
      .filter((utxo) => utxo.output.amount.length === 1)
      .sort((a, b) => Number(BigInt(b.output.amount[0].quantity) - BigInt(a.output.amount[0].quantity)));
    const first = await wallet.signTx(
      await builder()
        .txOut(scriptAddress, lovelace('5000000'))
        .txOutInlineDatumValue(7)
        .changeAddress(address)
        .selectUtxosFrom([funding])
        .complete(),
    );
    const firstHash = resolveTxHash(first);
    const { input, output } = others[0];
    // chainTx hands the first transaction's outputs to the evaluator as additional UTxOs; the script
    // size (none) is given so Mesh does not look the unconfirmed output up.
    const second = await builder()
      .chainTx(first)
      .spendingPlutusScriptV3()
      .txIn(firstHash, 0, lovelace('5000000'), scriptAddress, 0)
      .txInInlineDatumPresent()
      .txInRedeemerValue(mConStr0([]))
      .txInScript(script.code)
      .txInCollateral(input.txHash, input.outputIndex, output.amount, output.address)
      .changeAddress(address)
      .selectUtxosFrom(others)
      .complete();
    expect(await wallet.submitTx(first)).toBe(firstHash);
    await outputsOf(await signAndSubmit(second), address);
  });
});
