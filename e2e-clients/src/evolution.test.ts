import {
  Address,
  Assets,
  Client,
  Data,
  InlineDatum,
  Script,
  TransactionHash,
  type UTxO,
} from '@evolution-sdk/evolution';
import type { Chain } from '@evolution-sdk/evolution/sdk/client/Chain';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';
import { expectCip68Asset, NFT_METADATA, NFT_NAME } from './support/cip68.js';
import { SCRIPT, scriptAddress as cslScriptAddress } from './support/csl-transactions.js';

const { mnemonic, mnemonicAddress: address } = DEMO_WALLETS[0];

/**
 * Evolution ships mainnet, preprod and preview chains only. The devnet's custom network
 * (packages/devnet/genesis/custom): magic 42, system start 2025-01-01, two Byron epochs of 50 slots of
 * 20 s, then 1 s slots in 100-slot epochs from slot 100.
 */
const custom: Chain = {
  id: 0,
  name: 'frostline devnet',
  networkMagic: 42,
  epochLength: 100,
  slotConfig: { zeroTime: BigInt(Date.UTC(2025, 0, 1) + 2000 * 1000), zeroSlot: 100n, slotLength: 1000 },
};

// The script as a script reference, [3, <the serialised script>], which Evolution decodes. Evolution
// has no script-to-address helper that this test found: its address and hash come from CSL.
const script = Script.fromCBORHex(`8203${SCRIPT.to_hex()}`);
const scriptAddress = cslScriptAddress.to_bech32();
const unit = Data.constr(0n, []);

let stack: Stack;
let client: Client.SigningClient;

beforeAll(async () => {
  stack = await startStack();
  client = Client.make(custom)
    .withBlockfrost({ baseUrl: stack.url, projectId: stack.projectId })
    .withSeed({ mnemonic });
}, 120_000);

afterAll(() => stack?.stop());

describe('@evolution-sdk/evolution with its Blockfrost provider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(Address.toBech32(await client.address())).toBe(address);
    const utxos = await client.getWalletUtxos();
    expect(utxos.map((utxo) => Assets.lovelaceOf(utxo.assets))).toEqual([DEMO_WALLET_LOVELACE]);
    const served = await stack.get('/epochs/latest/parameters');
    expect(await client.getProtocolParameters()).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      maxTxSize: served.max_tx_size,
    });
  });

  it('builds, signs and submits a payment, and awaits it with awaitTx', async () => {
    const built = await client
      .newTx()
      .payToAddress({ address: Address.fromBech32(address), assets: Assets.fromLovelace(5_000_000n) })
      .build();
    const hash = await built.signAndSubmit();
    expect(await client.awaitTx(hash, 200, 30_000)).toBe(true);
    const outputs = (await client.getWalletUtxos()).filter(
      (utxo) => TransactionHash.toHex(utxo.transactionId) === TransactionHash.toHex(hash),
    );
    expect(outputs.map((utxo) => Assets.lovelaceOf(utxo.assets))).toContain(5_000_000n);
  });

  const txHashOf = (utxo: UTxO.UTxO) => TransactionHash.toHex(utxo.transactionId);
  const submitAndAwait = async (built: { signAndSubmit(): Promise<TransactionHash.TransactionHash> }) => {
    const hash = await built.signAndSubmit();
    expect(await client.awaitTx(hash, 200, 30_000)).toBe(true);
    return TransactionHash.toHex(hash);
  };

  /** A transaction paying `lovelace` to the script with an inline integer datum. */
  const lockAtScript = (datum: bigint, lovelace: bigint) =>
    client.newTx().payToAddress({
      address: Address.fromBech32(scriptAddress),
      assets: Assets.fromLovelace(lovelace),
      datum: new InlineDatum.InlineDatum({ data: datum }),
    });

  let locked: UTxO.UTxO;
  it('pays to a Plutus script address with an inline datum, submits and awaits it', async () => {
    const built = await lockAtScript(42n, 10_000_000n).build();
    const hash = await submitAndAwait(built);
    [locked] = await client.getUtxos(Address.fromBech32(scriptAddress));
    expect(txHashOf(locked)).toBe(hash);
  });

  it('spends it with a redeemer, evaluated through the provider', async () => {
    const built = await client
      .newTx()
      .collectFrom({ inputs: [locked], redeemer: unit })
      .attachScript({ script })
      .build();
    await submitAndAwait(built);
    expect(await client.getUtxos(Address.fromBech32(scriptAddress))).toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; GET /assets/{unit} reads the datum’s metadata', async () => {
    const name = Buffer.from(NFT_NAME).toString('hex');
    const policyId = SCRIPT.hash().to_hex();
    const [reference, user] = [`${policyId}000643b0${name}`, `${policyId}000de140${name}`];
    const bytes = (text: string) => new Uint8Array(Buffer.from(text));
    const metadata = Data.map(Object.entries(NFT_METADATA).map(([key, value]) => [bytes(key), bytes(value)]));
    const built = await client
      .newTx()
      .attachScript({ script })
      .mintAssets({ assets: Assets.fromRecord({ [reference]: 1n, [user]: 1n }), redeemer: unit })
      .payToAddress({
        address: Address.fromBech32(scriptAddress),
        assets: Assets.fromRecord({ [reference]: 1n }),
        datum: new InlineDatum.InlineDatum({ data: Data.constr(0n, [metadata, 1n]) }),
      })
      .payToAddress({ address: Address.fromBech32(address), assets: Assets.fromRecord({ [user]: 1n }) })
      // Evolution leaves outputs below the minimum ada as they are unless asked.
      .build({ autoMinUtxo: true });
    await expectCip68Asset(stack, user, await submitAndAwait(built));
  });

  it('spends the unconfirmed script output of a first transaction, evaluated with it as an additional UTxO', async () => {
    const first = await lockAtScript(7n, 5_000_000n).build();
    const { available, txHash } = first.chainResult();
    const isPending = (utxo: UTxO.UTxO) =>
      txHashOf(utxo) === txHash && Address.toBech32(utxo.address) === scriptAddress;
    // The wallet's UTxOs after the first transaction, and its script output; passAdditionalUtxos sends
    // the inputs to the evaluator, the unconfirmed one among them.
    const pending = available.filter(isPending);
    expect(pending).toHaveLength(1);
    const second = await client
      .newTx()
      .collectFrom({ inputs: pending, redeemer: unit })
      .attachScript({ script })
      .build({ availableUtxos: available.filter((utxo) => !isPending(utxo)), passAdditionalUtxos: true });
    await first.signAndSubmit();
    await submitAndAwait(second);
  });
});
