import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { cip68MintOutputs, expectCip68Asset } from './support/cip68.js';
import {
  bigNum,
  cslWallet,
  hashOf,
  lovelace,
  owned,
  SCRIPT,
  scriptAddress,
  type Owned,
  type ScriptRun,
  type ProtocolParameters,
  type Spec,
} from './support/csl-transactions.js';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';

// blockfrost-js wraps endpoints and has no wallet, builder or await: transactions are built and signed
// with CSL (support/csl-transactions.ts) from what it reads, and confirmation is polled.
const wallet = cslWallet(CSL.PrivateKey.from_bech32(DEMO_WALLETS[1].signingKey));

let stack: Stack;
let api: BlockFrostAPI;

beforeAll(async () => {
  stack = await startStack();
  api = new BlockFrostAPI({ projectId: stack.projectId, customBackend: stack.url });
}, 120_000);

afterAll(() => stack?.stop());

type AdditionalUtxos = Parameters<BlockFrostAPI['utilsTxsEvaluateUtxos']>[1];

/** The wallet's lovelace-only UTxOs (the NFT it mints stays where it is). */
const walletInputs = async () =>
  owned((await api.addressesUtxosAll(wallet.bech32)).filter((utxo) => utxo.amount.length === 1));

/** blockfrost-js has no await: its users poll txs(hash), which answers 404 until the block is indexed. */
async function awaitTx(hash: string): Promise<void> {
  while (!(await api.txs(hash).catch(() => undefined)))
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Builds with no units, has the API evaluate that draft (utilsTxsEvaluateUtxos, with `additional`
 * UTxOs), and builds again with the budget it answered for the one redeemer.
 */
async function buildEvaluated(
  parameters: ProtocolParameters,
  spec: Omit<Spec, 'script'> & { script: ScriptRun },
  additional: AdditionalUtxos = [],
): Promise<CSL.Transaction> {
  const unevaluated = { ...spec.script, exUnits: CSL.ExUnits.new(bigNum(0), bigNum(0)) };
  const draft = wallet.build(parameters, { ...spec, script: unevaluated });
  // blockfrost-js types the answer as untyped JSON: it is Ogmios v5's envelope.
  const answer = (await api.utilsTxsEvaluateUtxos(draft.to_hex(), additional)) as unknown as {
    result: { EvaluationResult: Record<string, { memory: number; steps: number }> };
  };
  const [{ memory, steps }] = Object.values(answer.result.EvaluationResult);
  const exUnits = CSL.ExUnits.new(bigNum(memory), bigNum(steps));
  return wallet.build(parameters, { ...spec, script: { ...spec.script, exUnits } });
}

/** `amount` lovelace at the script with an inline integer datum. */
function lockedOutput(datum: number, amount: bigint): CSL.TransactionOutput {
  const output = CSL.TransactionOutput.new(scriptAddress, lovelace(amount));
  output.set_plutus_data(CSL.PlutusData.new_integer(CSL.BigInt.from_str(String(datum))));
  return output;
}

describe('@blockfrost/blockfrost-js', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(await api.addressesUtxosAll(wallet.bech32)).toEqual([
      expect.objectContaining({
        address: DEMO_WALLETS[1].signingKeyAddress,
        amount: [{ unit: 'lovelace', quantity: DEMO_WALLET_LOVELACE.toString() }],
      }),
    ]);
    expect(await api.epochsLatestParameters()).toEqual(await stack.get('/epochs/latest/parameters'));
  });

  it('submits a payment built with CSL from what it read and awaits it (polling txs)', async () => {
    const recipient = cslWallet(CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, 6)));
    const transaction = wallet.build(await api.epochsLatestParameters(), {
      inputs: await walletInputs(),
      outputs: [CSL.TransactionOutput.new(recipient.address, lovelace(7_000_000n))],
    });
    const hash = await api.txSubmit(transaction.to_bytes());
    expect(hash).toBe(hashOf(transaction).to_hex());
    await awaitTx(hash);
    expect(await api.addressesUtxosAll(recipient.bech32)).toEqual([
      expect.objectContaining({ tx_hash: hash, amount: [{ unit: 'lovelace', quantity: '7000000' }] }),
    ]);
  });

  let locked: Owned;
  it('pays to a Plutus script address with an inline datum, submits and awaits it', async () => {
    const transaction = wallet.build(await api.epochsLatestParameters(), {
      inputs: await walletInputs(),
      outputs: [lockedOutput(42, 10_000_000n)],
    });
    const hash = await api.txSubmit(transaction.to_bytes());
    await awaitTx(hash);
    const [utxo] = await api.addressesUtxosAll(scriptAddress.to_bech32());
    expect(utxo).toMatchObject({ tx_hash: hash, output_index: 0, inline_datum: '182a' });
    [locked] = owned([utxo]);
  });

  it('spends it with a redeemer whose units the API evaluated (utilsTxsEvaluateUtxos)', async () => {
    const [collateral, ...inputs] = await walletInputs();
    const spend = await buildEvaluated(await api.epochsLatestParameters(), {
      inputs,
      script: { spends: locked, collateral },
    });
    await awaitTx(await api.txSubmit(spend.to_bytes()));
    await expect(api.addressesUtxosAll(scriptAddress.to_bech32())).resolves.toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; assetsById reads the datum’s metadata', async () => {
    const { reference, user, outputs } = cip68MintOutputs(wallet.address);
    const [collateral, ...inputs] = await walletInputs();
    const mint = await buildEvaluated(await api.epochsLatestParameters(), {
      inputs,
      outputs,
      script: { mints: [reference, user], collateral },
    });
    const hash = await api.txSubmit(mint.to_bytes());
    await awaitTx(hash);
    const unit = SCRIPT.hash().to_hex() + user;
    expect(await api.assetsById(unit)).toEqual(await stack.get(`/assets/${unit}`));
    await expectCip68Asset(stack, unit, hash);
  });

  it('spends the unconfirmed script output of a first transaction, evaluated with it as an additional UTxO', async () => {
    const parameters = await api.epochsLatestParameters();
    const first = wallet.build(parameters, {
      inputs: await walletInputs(),
      outputs: [lockedOutput(7, 5_000_000n)],
    });
    const firstHash = hashOf(first).to_hex();
    // Its script output (0) and its change (1), unconfirmed: evaluate learns them as Ogmios v5
    // additional UTxOs, exactly as blockfrost-js passes them on.
    const outputs = [0, 1].map((index) => first.body().outputs().get(index));
    const additional: AdditionalUtxos = outputs.map((output, index) => [
      { txId: firstHash, index },
      {
        address: output.address().to_bech32(),
        value: { coins: Number(output.amount().coin().to_str()) },
        ...(output.plutus_data() && { datum: output.plutus_data()!.to_hex() }),
      },
    ]);
    const [spends, change] = outputs.map((output, index) => ({
      input: CSL.TransactionInput.new(hashOf(first), index),
      lovelace: output.amount().coin().to_str(),
    }));
    const second = await buildEvaluated(
      parameters,
      { inputs: [change], script: { spends, collateral: change } },
      additional,
    );
    expect(await api.txSubmit(first.to_bytes())).toBe(firstHash);
    await awaitTx(await api.txSubmit(second.to_bytes()));
  });
});
