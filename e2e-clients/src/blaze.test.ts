import { Blaze, Blockfrost, Core, HotWallet } from '@blaze-cardano/sdk';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';
import { expectCip68Asset, NFT_METADATA, NFT_NAME } from './support/cip68.js';
import { ALWAYS_SUCCEEDS_V3 } from './support/script.js';

const masterkey = Core.Bip32PrivateKey.fromBip39Entropy(
  Buffer.from(Core.mnemonicToEntropy(DEMO_WALLETS[2].mnemonic, Core.wordlist)),
  '',
).hex();

// The constructor takes the script as Aiken's blueprints give it (the flat program in one CBOR byte string).
const script = Core.Script.newPlutusV3Script(new Core.PlutusV3Script(Core.HexBlob(ALWAYS_SUCCEEDS_V3)));
const scriptAddress = Core.addressFromValidator(Core.NetworkId.Testnet, script);
const unit = Core.PlutusData.newConstrPlutusData(new Core.ConstrPlutusData(0n, new Core.PlutusList()));
const bytes = (text: string) => Core.PlutusData.newBytes(Buffer.from(text));

/**
 * Blaze's Blockfrost provider has no base URL option: it always builds https://<network>.blockfrost.io.
 * Its public `url` field is the way to point it elsewhere; the trailing slash matters, since Blaze
 * appends paths after one more slash (the API collapses the resulting `//`).
 */
function provider(stack: Stack): Blockfrost {
  const blockfrost = new Blockfrost({ network: 'cardano-preview', projectId: stack.projectId });
  blockfrost.url = `${stack.url}/`;
  return blockfrost;
}

let stack: Stack;
let blaze: Blaze<Blockfrost, HotWallet>;

beforeAll(async () => {
  stack = await startStack();
  const online = provider(stack);
  blaze = await Blaze.from(online, await HotWallet.fromMasterkey(masterkey, online));
}, 120_000);

afterAll(() => stack?.stop());

/**
 * Blaze's awaitTransactionConfirmation checks GET /txs/{hash}/metadata/cbor once, then every 20 s (a
 * mainnet block) until its timeout: the single check is repeated here every 200 ms instead.
 */
async function awaitConfirmation(hash: Core.TransactionId): Promise<void> {
  while (!(await blaze.provider.awaitTransactionConfirmation(hash)))
    await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('@blaze-cardano/sdk with its Blockfrost provider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(blaze.wallet.address.toBech32()).toBe(DEMO_WALLETS[2].mnemonicAddress);
    const utxos = await blaze.provider.getUnspentOutputs(blaze.wallet.address);
    expect(utxos.map((utxo) => utxo.output().amount().coin())).toEqual([DEMO_WALLET_LOVELACE]);
    const served = await stack.get('/epochs/latest/parameters');
    expect(await blaze.provider.getParameters()).toMatchObject({
      minFeeCoefficient: served.min_fee_a,
      minFeeConstant: served.min_fee_b,
      maxTxSize: served.max_tx_size,
      // Blaze passes Blockfrost's string through.
      coinsPerUtxoByte: served.coins_per_utxo_size,
    });
  });

  it('builds, signs and submits a payment, and awaits its confirmation through the provider', async () => {
    const tx = await blaze.newTransaction().payLovelace(blaze.wallet.address, 5_000_000n).complete();
    const hash = await blaze.submitTransaction(await blaze.signTransaction(tx));
    await awaitConfirmation(hash);
    const outputs = (await blaze.provider.getUnspentOutputs(blaze.wallet.address)).filter(
      (utxo) => utxo.input().transactionId() === hash,
    );
    expect(outputs.map((utxo) => utxo.output().amount().coin())).toContain(5_000_000n);
  });

  let locked: Core.TransactionUnspentOutput;
  it('pays to a Plutus script address with an inline datum, submits and awaits it', async () => {
    const tx = await blaze
      .newTransaction()
      .lockLovelace(scriptAddress, 10_000_000n, Core.PlutusData.newInteger(42n))
      .complete();
    const hash = await blaze.submitTransaction(await blaze.signTransaction(tx));
    await awaitConfirmation(hash);
    [locked] = await blaze.provider.getUnspentOutputs(scriptAddress);
    expect(locked.input().transactionId()).toBe(hash);
    expect(locked.output().datum()?.asInlineData()?.toCbor()).toBe('182a');
  });

  it('spends it with a redeemer, evaluated through the provider', async () => {
    const tx = await blaze.newTransaction().addInput(locked, unit).provideScript(script).complete();
    await awaitConfirmation(await blaze.submitTransaction(await blaze.signTransaction(tx)));
    expect(await blaze.provider.getUnspentOutputs(scriptAddress)).toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; GET /assets/{unit} reads the datum’s metadata', async () => {
    const policyId = Core.PolicyId(script.hash());
    const name = Buffer.from(NFT_NAME).toString('hex');
    const [reference, user] = [`000643b0${name}`, `000de140${name}`].map(Core.AssetName);
    const metadata = new Core.PlutusMap();
    for (const [key, value] of Object.entries(NFT_METADATA)) metadata.insert(bytes(key), bytes(value));
    const fields = new Core.PlutusList();
    fields.add(Core.PlutusData.newMap(metadata));
    fields.add(Core.PlutusData.newInteger(1n));
    const datum = Core.PlutusData.newConstrPlutusData(new Core.ConstrPlutusData(0n, fields));
    const token = (assetName: Core.AssetName) =>
      new Core.Value(0n, new Map([[Core.AssetId.fromParts(policyId, assetName), 1n]]));
    const tx = await blaze
      .newTransaction()
      .addMint(
        policyId,
        new Map([
          [reference, 1n],
          [user, 1n],
        ]),
        unit,
      )
      .provideScript(script)
      .lockAssets(scriptAddress, token(reference), datum)
      .payAssets(blaze.wallet.address, token(user))
      .complete();
    const hash = await blaze.submitTransaction(await blaze.signTransaction(tx));
    await awaitConfirmation(hash);
    await expectCip68Asset(stack, policyId + user, hash);
  });

  // Blaze's provider sends the additional UTxOs as `additionalUtxoset` (lower-case s, which Blockfrost
  // does not read) with addresses and assets serialised as {}, so nothing the API can read says what
  // an unconfirmed output holds: Blaze cannot evaluate a transaction spending one through Blockfrost.
  it.todo('spends the unconfirmed script output of a first transaction (not possible with Blaze 0.2.48)');
});
