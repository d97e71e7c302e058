import { demoWallets, type Devnet } from '@frostline/devnet';
import { waitUntil } from '@frostline/indexer/testing/indexer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startLocalStack, type LocalStack } from './support/local-stack.js';
import { ogmiosRequest, signedPayment } from './support/payments.js';
import { get, startApp, testConfig } from './support/test-app.js';

// The whole local stack as `npm start` runs it: a live devnet forging a block every second, the real
// indexer on PostgreSQL and Redis, and the API. A payment built with CSL and signed with a demo wallet's
// key goes to the devnet; the API shows its output soon after.

const BLOCK_INTERVAL_MS = 1000;
const [payer, payee] = demoWallets(0);

let stack: LocalStack;
let devnet: Devnet;
let app: NestFastifyApplication;

beforeAll(async () => {
  stack = await startLocalStack({ seed: 5, blocks: 30, forgeInterval: BLOCK_INTERVAL_MS, followLive: true });
  devnet = stack.devnet;
  app = await startApp(testConfig(stack.db, { NETWORK: 'custom', RATE_LIMIT_ENABLED: 'false' }));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await stack?.stop();
});

interface AddressUtxo {
  tx_hash: string;
  output_index: number;
  amount: { unit: string; quantity: string }[];
}

async function lovelaceUtxos(address: string): Promise<AddressUtxo[]> {
  const { status, body } = await get(app, `/api/v0/addresses/${address}/utxos/lovelace`);
  return status === 404 ? [] : (body as AddressUtxo[]);
}

const ogmios = (method: string, params: object = {}) => ogmiosRequest(devnet.url, method, params);

describe('a payment submitted to the live devnet', () => {
  it('is in one of the next two blocks, and shows in GET /addresses/{address}/utxos/lovelace', async () => {
    const [funds] = await lovelaceUtxos(payer!.signingKeyAddress);
    expect(funds).toBeDefined();
    const { result: parameters } = await ogmios('queryLedgerState/protocolParameters');
    const { cbor, id } = signedPayment(
      payer!,
      { txHash: funds!.tx_hash, index: funds!.output_index, lovelace: BigInt(funds!.amount[0]!.quantity) },
      payee!.signingKeyAddress,
      25_000_000n,
      parameters as Record<string, unknown>,
    );

    const { result: heightBefore } = await ogmios('queryNetwork/blockHeight');
    expect(
      await ogmios('submitTransaction', { transaction: { cbor: Buffer.from(cbor).toString('hex') } }),
    ).toEqual({
      jsonrpc: '2.0',
      method: 'submitTransaction',
      result: { transaction: { id } },
      id: 1,
    });
    let received: AddressUtxo | undefined;
    await waitUntil(
      async () => {
        received = (await lovelaceUtxos(payee!.signingKeyAddress)).find(({ tx_hash }) => tx_hash === id);
        return received !== undefined;
      },
      10 * BLOCK_INTERVAL_MS,
      'the payment at the payee',
    );
    // Counted in blocks, not seconds: the devnet forges the mempool into its next block whenever that comes.
    const { body: transaction } = await get(app, `/api/v0/txs/${id}`);
    expect((transaction as { block_height: number }).block_height).toBeLessThanOrEqual(
      (heightBefore as number) + 2,
    );
    expect(received!.amount).toEqual([{ unit: 'lovelace', quantity: '25000000' }]);
    // The payer's change replaces the spent genesis output.
    const payerUtxos = await lovelaceUtxos(payer!.signingKeyAddress);
    expect(payerUtxos.map(({ tx_hash }) => tx_hash)).toEqual([id]);
  });
});
