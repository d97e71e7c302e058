import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { demoWallets, startDevnet, type Devnet } from '@frostline/devnet';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import WebSocket from 'ws';
import { get, startApp, testConfig } from './support/test-app.js';

// The whole local stack as `npm start` runs it: a live devnet forging a block every second, the real
// indexer on PostgreSQL and Redis, and the API. A payment built with CSL and signed with a demo wallet's
// key goes to the devnet; the API shows its output soon after.

const BLOCK_INTERVAL_MS = 1000;
const [payer, payee] = demoWallets(0);

let devnet: Devnet;
let db: TestDatabase;
let running: RunningIndexer;
let app: NestFastifyApplication;

beforeAll(async () => {
  const chain = await generate({ seed: 5, blocks: 30, forks: 0 });
  devnet = await startDevnet({
    chain: { file: chain.file },
    network: 'custom',
    port: 0,
    forgeInterval: BLOCK_INTERVAL_MS,
  });
  db = await createTestDatabase();
  running = await startIndexer(indexerConfig(db.url, devnet.url, { network: 'custom' }), silentLogger);
  // Synced once the indexer follows the blocks forged after the generated ones.
  await waitUntil(
    () => Number(running.store.tipPoint?.slot ?? 0) > Number(chain.expected.tip.slot),
    120_000,
    'sync to the live tip',
  );
  app = await startApp(testConfig(db, { NETWORK: 'custom', RATE_LIMIT_ENABLED: 'false' }));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await running?.stop();
  await devnet?.close();
  await db?.drop();
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

/** One Ogmios JSON-RPC call to the devnet, as a client library makes it. */
async function ogmios(method: string, params: object = {}): Promise<{ result?: unknown; error?: unknown }> {
  const socket = new WebSocket(devnet.url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  socket.send(JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }));
  const response = JSON.parse(await answer) as { result?: unknown; error?: unknown };
  socket.close();
  return response;
}

/** Pays `lovelace` from the payer's signing-key address to the payee, built and signed with CSL. */
function payment(funds: AddressUtxo, parameters: Record<string, unknown>, lovelace: bigint): Uint8Array {
  const number = (value: unknown) => CSL.BigNum.from_str(String(value));
  const ada = (name: string) => number((parameters[name] as { ada: { lovelace: number } }).ada.lovelace);
  const builder = CSL.TransactionBuilder.new(
    CSL.TransactionBuilderConfigBuilder.new()
      .fee_algo(CSL.LinearFee.new(number(parameters.minFeeCoefficient), ada('minFeeConstant')))
      .coins_per_utxo_byte(number(parameters.minUtxoDepositCoefficient))
      .pool_deposit(ada('stakePoolDeposit'))
      .key_deposit(ada('stakeCredentialDeposit'))
      .max_value_size((parameters.maxValueSize as { bytes: number }).bytes)
      .max_tx_size((parameters.maxTransactionSize as { bytes: number }).bytes)
      .build(),
  );
  const key = CSL.PrivateKey.from_bech32(payer!.signingKey);
  builder.add_key_input(
    key.to_public().hash(),
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(funds.tx_hash), funds.output_index),
    CSL.Value.new(number(funds.amount[0]!.quantity)),
  );
  builder.add_output(
    CSL.TransactionOutput.new(
      CSL.Address.from_bech32(payee!.signingKeyAddress),
      CSL.Value.new(number(lovelace)),
    ),
  );
  builder.add_change_if_needed(CSL.Address.from_bech32(payer!.signingKeyAddress));
  const transaction = CSL.FixedTransaction.new_from_body_bytes(builder.build().to_bytes());
  transaction.sign_and_add_vkey_signature(key);
  return transaction.to_bytes();
}

describe('a payment submitted to the live devnet', () => {
  it('is in one of the next two blocks, and shows in GET /addresses/{address}/utxos/lovelace', async () => {
    const [funds] = await lovelaceUtxos(payer!.signingKeyAddress);
    expect(funds).toBeDefined();
    const { result: parameters } = await ogmios('queryLedgerState/protocolParameters');
    const cbor = payment(funds!, parameters as Record<string, unknown>, 25_000_000n);
    const id = CSL.FixedTransaction.from_bytes(cbor).transaction_hash().to_hex();

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
