import { Blaze, Blockfrost, Core, HotWallet } from '@blaze-cardano/sdk';
import { startStack, type Stack } from './support/stack.js';
import { FUNDS, testMnemonic } from './support/wallets.js';

const masterkey = Core.Bip32PrivateKey.fromBip39Entropy(
  Buffer.from(Core.mnemonicToEntropy(testMnemonic(3), Core.wordlist)),
  '',
).hex();

/**
 * Blaze's Blockfrost provider has no base URL option: it always builds https://<network>.blockfrost.io.
 * Its public `url` field is the way to point it elsewhere; the trailing slash matters, since Blaze
 * appends paths after one more slash (the API collapses the resulting `//`).
 */
function provider(stack: Stack | undefined): Blockfrost {
  const blockfrost = new Blockfrost({ network: 'cardano-preview', projectId: stack?.projectId ?? 'offline' });
  if (stack) blockfrost.url = `${stack.url}/`;
  return blockfrost;
}

let stack: Stack;
let blaze: Blaze<Blockfrost, HotWallet>;

beforeAll(async () => {
  // The address is derived offline: the wallet makes no requests until it is used.
  const { address } = await HotWallet.fromMasterkey(masterkey, provider(undefined));
  stack = await startStack([{ address: address.toBech32(), lovelace: FUNDS }]);
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
    const utxos = await blaze.provider.getUnspentOutputs(blaze.wallet.address);
    expect(utxos.map((utxo) => utxo.output().amount().coin())).toEqual([FUNDS]);
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
});
