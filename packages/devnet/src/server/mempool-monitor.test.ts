/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { parseJson } from '../chain/json.js';
import {
  adaOutput,
  bigNum,
  demoKey,
  fundingBlock,
  FUNDING_TX,
  input,
  inputs,
  outputs,
  sign,
  transactionId,
} from '../ledger/test-support/transactions.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { loadNetwork } from '../networks/networks.js';
import { startDevnet, type Devnet } from './devnet.js';
import { responseValidator } from './test-support/fixtures.js';
import { RawClient } from './test-support/ws-client.js';

const network = loadNetwork('custom');
const alice = demoKey(1);
const FUNDS = 100_000_000n;

const chainFunding = fundingBlock(alice, FUNDS);

/** Alice pays herself, spending output `index` of `from` (chained payments). */
function selfPayment(from: string, index: number, lovelace: bigint): Uint8Array {
  const fee = 200_000n;
  const body = CSL.TransactionBody.new_tx_body(
    inputs([input({ transaction: { id: from }, index })]),
    outputs([adaOutput(alice.address, lovelace - fee)]),
    bigNum(fee),
  );
  return sign(body, [alice]);
}

describe('mempool monitoring', () => {
  let devnet: Devnet;
  let client: RawClient;
  let requests = 0;

  /** One request; the response is checked against Ogmios' schema for it. */
  async function call(schema: string, method: string, params?: object) {
    client.send({ jsonrpc: '2.0', method, ...(params && { params }), id: (requests += 1) });
    const [text] = await client.texts(1);
    const validate = responseValidator(schema);
    expect({ valid: validate(JSON.parse(text)), errors: validate.errors ?? null }).toEqual({
      valid: true,
      errors: null,
    });
    return parseJson(text) as Record<string, any>;
  }

  beforeEach(async () => {
    // Live, but no block within the test: submitted transactions stay in the mempool.
    devnet = await startDevnet({ chain: { blocks: [chainFunding] }, port: 0, forgeInterval: 600_000 });
    await devnet.replayed;
    client = await RawClient.connect(devnet.url);
  });

  afterEach(async () => {
    client.close();
    await devnet.close();
  });

  it('answers 4000 before a snapshot is acquired, and after it is released', async () => {
    for (const [schema, method, params] of [
      ['NextTransactionResponse', 'nextTransaction', undefined],
      ['HasTransactionResponse', 'hasTransaction', { id: FUNDING_TX }],
      ['SizeOfMempoolResponse', 'sizeOfMempool', undefined],
      ['ReleaseMempoolResponse', 'releaseMempool', undefined],
    ] as const) {
      expect((await call(schema, method, params)).error).toEqual({
        code: 4000,
        message: 'You must acquire a mempool snapshot prior to accessing it.',
      });
    }
    await call('AcquireMempoolResponse', 'acquireMempool');
    expect((await call('ReleaseMempoolResponse', 'releaseMempool')).result).toEqual({ released: 'mempool' });
    expect((await call('SizeOfMempoolResponse', 'sizeOfMempool')).error.code).toBe(4000);
  });

  it('lists the snapshot: its transactions in arrival order, their presence and its size', async () => {
    const first = selfPayment(FUNDING_TX, 0, FUNDS);
    const second = selfPayment(transactionId(first), 0, FUNDS - 200_000n);
    expect(devnet.submitTransaction(first)).toHaveProperty('result');
    expect(devnet.submitTransaction(second)).toHaveProperty('result');

    const acquired = await call('AcquireMempoolResponse', 'acquireMempool');
    expect(acquired.result).toEqual({ acquired: 'mempool', slot: expect.any(Number) });
    expect((await call('SizeOfMempoolResponse', 'sizeOfMempool')).result).toEqual({
      maxCapacity: {
        bytes: 2 * (genesisProtocolParameters(network).maxBlockBodySize as { bytes: number }).bytes,
      },
      currentSize: { bytes: first.length + second.length },
      transactions: { count: 2 },
    });
    expect(
      (await call('HasTransactionResponse', 'hasTransaction', { id: transactionId(second) })).result,
    ).toBe(true);
    expect((await call('HasTransactionResponse', 'hasTransaction', { id: FUNDING_TX })).result).toBe(false);
    expect((await call('NextTransactionResponse', 'nextTransaction')).result).toEqual({
      transaction: { id: transactionId(first) },
    });
    const full = await call('NextTransactionResponse', 'nextTransaction', { fields: 'all' });
    expect(full.result.transaction).toMatchObject({
      id: transactionId(second),
      inputs: [{ transaction: { id: transactionId(first) }, index: 0 }],
    });
    expect((await call('NextTransactionResponse', 'nextTransaction')).result).toEqual({ transaction: null });
  });

  it('waits on a second acquireMempool until the mempool changes', async () => {
    await call('AcquireMempoolResponse', 'acquireMempool');
    client.send({ jsonrpc: '2.0', method: 'acquireMempool', id: 'again' });
    expect(await client.quietFor(100)).toBe(true);
    const payment = selfPayment(FUNDING_TX, 0, FUNDS);
    devnet.submitTransaction(payment);
    expect((await client.next()).id).toBe('again');
    expect(
      (await call('HasTransactionResponse', 'hasTransaction', { id: transactionId(payment) })).result,
    ).toBe(true);
  });

  it('refuses a malformed transaction id as an invalid request (-32600), like every malformed parameter', async () => {
    await call('AcquireMempoolResponse', 'acquireMempool');
    client.send({ jsonrpc: '2.0', method: 'hasTransaction', params: { id: 'nope' }, id: 1 });
    expect((await client.next()).error.code).toBe(-32600);
  });
});
