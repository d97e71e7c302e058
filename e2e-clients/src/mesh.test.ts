import { BlockfrostProvider, MeshTxBuilder, MeshWallet, type UTxO } from '@meshsdk/core';
import axios from 'axios';
import { startStack, type Stack } from './support/stack.js';
import { FUNDS, testMnemonic } from './support/wallets.js';

const words = testMnemonic(2).split(' ');
const walletOf = (provider?: BlockfrostProvider) =>
  new MeshWallet({ networkId: 0, fetcher: provider, submitter: provider, key: { type: 'mnemonic', words } });

let stack: Stack;
let provider: BlockfrostProvider;
let wallet: MeshWallet;
let address: string;

beforeAll(async () => {
  const offline = walletOf();
  await offline.init();
  address = await offline.getChangeAddress();
  stack = await startStack([{ address, lovelace: FUNDS }]);
  // Mesh's custom-URL constructor sends no project_id; it copies axios' global defaults into its
  // instance (axios.create), so the documented global default carries the token (PROVIDERS.md §8).
  axios.defaults.headers.common.project_id = stack.projectId;
  provider = new BlockfrostProvider(stack.url);
  wallet = walletOf(provider);
  await wallet.init();
}, 120_000);

afterAll(async () => {
  delete axios.defaults.headers.common.project_id;
  await stack?.stop();
});

/** Until the provider lists the outputs of `txHash` at `at`: the transaction is in a block. */
async function outputsOf(txHash: string, at: string): Promise<UTxO[]> {
  for (;;) {
    const found = (await provider.fetchAddressUTxOs(at)).filter((utxo) => utxo.input.txHash === txHash);
    if (found.length) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('@meshsdk/core with its BlockfrostProvider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect((await wallet.getUtxos()).map((utxo) => utxo.output.amount)).toEqual([
      [{ unit: 'lovelace', quantity: FUNDS.toString() }],
    ]);
    const served = await stack.get('/epochs/latest/parameters');
    expect(await provider.fetchProtocolParameters()).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      coinsPerUtxoSize: Number(served.coins_per_utxo_size),
      maxTxSize: served.max_tx_size,
    });
  });

  it('builds, signs and submits a payment; the wallet’s UTxOs show it', async () => {
    const builder = new MeshTxBuilder({ fetcher: provider, submitter: provider });
    const unsigned = await builder
      .txOut(address, [{ unit: 'lovelace', quantity: '5000000' }])
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const hash = await wallet.submitTx(await wallet.signTx(unsigned));
    const outputs = await outputsOf(hash, address);
    expect(outputs.map((utxo) => utxo.output.amount[0])).toContainEqual({
      unit: 'lovelace',
      quantity: '5000000',
    });
  });

  // onTxConfirmed polls GET /txs/{hash}, /txs/{hash}/utxos and /blocks/{block_hash} every 5 s and needs
  // `confirmations` > 0; main does not serve /blocks/{hash_or_number} yet (branch chainread), so the
  // payment above is awaited through the wallet's UTxOs. Enable once it lands.
  it.skip('awaits a payment with onTxConfirmed', async () => {
    const unsigned = await new MeshTxBuilder({ fetcher: provider, submitter: provider })
      .txOut(address, [{ unit: 'lovelace', quantity: '2000000' }])
      .changeAddress(address)
      .selectUtxosFrom(await wallet.getUtxos())
      .complete();
    const hash = await wallet.submitTx(await wallet.signTx(unsigned));
    await new Promise<void>((resolve) => provider.onTxConfirmed(hash, resolve));
  }, 30_000);
});
