import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeErrorFixtures, testData } from './support/error-fixtures.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// GET /txs/{hash}/redeemers and /scripts/{script_hash}/redeemers: blockfrost-tests' answers of mainnet,
// preprod and preview reproduced from redeemer rows as the indexer writes them, with the fee computed from the
// execution prices of the transaction's epoch (the same on the three networks since Alonzo).

interface Fixture {
  testName: string;
  type?: string;
  endpoints: string[];
}
interface TxRedeemer {
  tx_index: number;
  purpose: string;
  script_hash: string;
  redeemer_data_hash: string;
  unit_mem: string;
  unit_steps: string;
  fee: string;
}
type ScriptRedeemer = Omit<TxRedeemer, 'script_hash'> & { tx_hash: string };

const NETWORKS = ['mainnet', 'preprod', 'preview'];
const dataFixtures = <R>(name: string) =>
  (testData(name) as (Fixture & { response: R })[]).filter((f) => f.type === undefined);
const txFixtures = NETWORKS.flatMap((n) => dataFixtures<TxRedeemer[]>(`${n}-txs-tx-redeemers.json`));
const scriptFixtures = NETWORKS.flatMap((n) =>
  dataFixtures<ScriptRedeemer[]>(`${n}-scripts-hash-redeemers.json`),
);
const PRICES = { memory: '577/10000', cpu: '721/10000000' };
/** Prices of an earlier epoch, in force for transactions of epoch 1 only. */
const OLD_PRICES = { memory: '1/1', cpu: '1/1' };
const hash = (n: number) => n.toString(16).padStart(64, '0');

let app: NestFastifyApplication;
let close: () => Promise<void>;
let lateTx: string;
/** A transaction of an epoch before every stored one: it takes the first stored prices. */
let earliestTx: string;

beforeAll(async () => {
  const db = await openTestDatabase();
  close = db.close;
  const seed = new ChainSeed(db.sql);
  await seed.block({ hash: hash(1), height: 1, slot: 1, epoch: 2, epochSlot: 1, time: 1 });
  for (const [epoch, prices] of [
    [1, OLD_PRICES],
    [2, PRICES],
  ] as const) {
    await db.sql.query(`INSERT INTO protocol_parameters (epoch, params) VALUES ($1, $2)`, [
      epoch,
      JSON.stringify({ scriptExecutionPrices: prices }),
    ]);
  }
  for (const { endpoints, response } of txFixtures) {
    const tx = await seed.tx(endpoints[0]!.split('/')[1]!);
    for (const r of response) {
      await seed.redeemer(tx, {
        purpose: r.purpose,
        index: r.tx_index,
        mem: r.unit_mem,
        steps: r.unit_steps,
        scriptHash: r.script_hash,
        dataHash: r.redeemer_data_hash,
      });
    }
  }
  const scriptTx = await seed.tx(hash(2));
  const txIds = new Map<string, number>();
  for (const { endpoints, response } of scriptFixtures) {
    const scriptHash = endpoints[0]!.split('/')[1]!;
    await seed.script(scriptTx, { hash: scriptHash, language: 'plutus:v2', bytes: '00' });
    for (const r of response) {
      let tx = txIds.get(r.tx_hash);
      if (tx === undefined) txIds.set(r.tx_hash, (tx = await seed.tx(r.tx_hash)));
      await seed.redeemer(tx, {
        purpose: r.purpose,
        index: r.tx_index,
        mem: r.unit_mem,
        steps: r.unit_steps,
        scriptHash,
        dataHash: r.redeemer_data_hash,
      });
    }
  }
  // A transaction without redeemers, and one of an epoch before the epoch-2 prices.
  await seed.tx(hash(3));
  await seed.block({ hash: hash(4), height: 2, slot: 2, epoch: 1, epochSlot: 2, time: 2 });
  lateTx = hash(5);
  const early = await seed.tx(lateTx);
  await seed.redeemer(early, {
    purpose: 'mint',
    index: 0,
    mem: '3',
    steps: '4',
    scriptHash: 'ab'.repeat(28),
    dataHash: 'cd'.repeat(32),
  });
  await seed.block({ hash: hash(6), height: 3, slot: 3, epoch: 0, epochSlot: 3, time: 3 });
  earliestTx = hash(7);
  await seed.redeemer(await seed.tx(earliestTx), {
    purpose: 'mint',
    index: 0,
    mem: '5',
    steps: '6',
    scriptHash: 'ab'.repeat(28),
    dataHash: 'cd'.repeat(32),
  });
  app = await startApp(testConfig(db.database));
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

async function request(endpoint: string, path: string) {
  const response = await get(app, path);
  expect({ path, errors: schemaErrors(endpoint, response.status, response.body) }).toEqual({
    path,
    errors: [],
  });
  return response;
}

describe('GET /txs/{hash}/redeemers', () => {
  const endpoint = '/txs/{hash}/redeemers';

  it.each(txFixtures.map((f) => [f.testName, f] as const))(
    '%s answers as Blockfrost',
    async (_name, fixture) => {
      const { status, body } = await request(endpoint, `/${fixture.endpoints[0]}`);
      expect([status, body]).toEqual([200, fixture.response]);
    },
  );

  it('takes the prices of the transaction’s epoch (else the first stored), [] for a transaction without redeemers, 404 for an unknown one', async () => {
    expect((await request(endpoint, `/txs/${lateTx}/redeemers`)).body).toMatchObject([{ fee: '7' }]);
    expect((await request(endpoint, `/txs/${earliestTx}/redeemers`)).body).toMatchObject([{ fee: '11' }]);
    expect((await request(endpoint, `/txs/${hash(3)}/redeemers`)).body).toEqual([]);
    for (const id of [hash(9), 'stonks', lateTx.slice(1)]) {
      expect((await request(endpoint, `/txs/${id}/redeemers`)).status).toBe(404);
    }
  });
});

describe('GET /scripts/{script_hash}/redeemers', () => {
  const endpoint = '/scripts/{script_hash}/redeemers';

  it.each(scriptFixtures.map((f) => [f.testName, f] as const))(
    '%s answers as Blockfrost',
    async (_name, fixture) => {
      const path = `/${fixture.endpoints[0]}`;
      const { status, body } = await request(endpoint, path);
      expect([status, body]).toEqual([200, fixture.response]);
      expect((await request(endpoint, `${path}?order=desc`)).body).toEqual([...fixture.response].reverse());
      expect((await request(endpoint, `${path}?count=1&page=2`)).body).toEqual(fixture.response.slice(1, 2));
    },
  );

  it('answers [] for a known script no redeemer ran, 404 for an unknown, upper-case or malformed hash', async () => {
    const known = scriptFixtures[0]!.endpoints[0]!.split('/')[1]!;
    expect((await request(endpoint, `/scripts/${known}/redeemers?page=9`)).body).toEqual([]);
    for (const id of ['ab'.repeat(28), known.toUpperCase(), 'stonks_script']) {
      const { status, body } = await request(endpoint, `/scripts/${id}/redeemers`);
      expect([id, status, body.message]).toEqual([id, 404, 'The requested component has not been found.']);
    }
  });

  describeErrorFixtures({ [endpoint]: 'scripts-hash-redeemers' });
});
