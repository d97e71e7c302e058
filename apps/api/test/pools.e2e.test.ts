import { poolIdFromHash, poolIdToHash } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeErrorFixtures, fixtures } from './support/error-fixtures.js';
import { poolRegistrationsCbor, type PoolUpdates } from './support/pool-certificates.js';
import { ChainSeed } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig, type TestContext } from './support/test-app.js';

// /pools, /pools/retired, /pools/retiring and a pool's relays, updates and blocks, from the certificates and
// blocks the indexer stores; certificates' parameters from their transaction's CBOR.

let app: NestFastifyApplication;
let db: TestContext & { close(): Promise<void> };

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const poolOf = (byte: string) => poolIdFromHash(byte.repeat(28));

// Two registrations of one transaction, as blockfrost-tests shows them (relays included).
const [twoPools] = fixtures('mainnet-txs-tx-pool-updates.json') as {
  endpoints: string[];
  response: PoolUpdates;
}[];
const [bestPoolUpdates] = fixtures('mainnet-pools-pool-id-updates.json');
const BEST_POOL = 'pool1pu5jlj4q9w9jlxeu370a3c9myx47md5j5m2str0naunn2q3lkdy';
const FIRST = twoPools!.response[0]!;
const SECOND = twoPools!.response[1]!;
const RETIRED = poolOf('d1');
const RETIRING = poolOf('e1');
const RETURNED = poolOf('f1');
const BLOCKS_ONLY = poolOf('b0');

let seed: ChainSeed;
let block = 0;
const bestPoolBlocks: string[] = [];

/** A block of `epoch` made by `leader`, holding one transaction with `hash` if given; returns the tx id. */
async function blockWithTx(
  epoch: number,
  leader: string,
  txHash?: string,
  cbor?: string,
): Promise<number | null> {
  await seed.numberedBlock(++block, epoch, leader);
  if (leader === BEST_POOL) bestPoolBlocks.push(hashOf(block));
  return txHash === undefined ? null : seed.tx(txHash, { cbor });
}

/** A registration of `poolId` with the first fixture certificate's other parameters. */
const registration = (poolId: string, certIndex = 0) =>
  poolRegistrationsCbor([{ ...FIRST, pool_id: poolId, cert_index: certIndex }]);

async function register(epoch: number, poolId: string, txHash = hashOf(1000 + block)): Promise<void> {
  const txId = await blockWithTx(epoch, BLOCKS_ONLY, txHash, registration(poolId));
  await seed.poolRegistration(txId!, poolIdToHash(poolId)!);
}

async function retire(epoch: number, poolId: string, retiringEpoch: number): Promise<void> {
  const txId = await blockWithTx(epoch, BLOCKS_ONLY, hashOf(2000 + block));
  await seed.poolRetirement(txId!, poolIdToHash(poolId)!, retiringEpoch);
}

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database));
  seed = new ChainSeed(db.sql);
  await blockWithTx(299, BEST_POOL);
  const twoPoolsTx = twoPools!.endpoints[0]!.split('/')[1]!;
  const txId = await blockWithTx(300, BEST_POOL, twoPoolsTx, poolRegistrationsCbor(twoPools!.response));
  for (const cert of twoPools!.response)
    await seed.poolRegistration(txId!, poolIdToHash(cert.pool_id)!, cert.cert_index);
  await register(300, BEST_POOL, bestPoolUpdates!.response[0].tx_hash);
  await register(301, RETIRED);
  await register(301, RETIRING);
  await register(301, RETURNED);
  await retire(302, RETIRED, 305);
  await retire(302, RETURNED, 304);
  await register(303, RETURNED);
  await retire(304, RETIRING, 312);
  await register(305, BEST_POOL);
  await retire(306, BEST_POOL, 320);
  await blockWithTx(310, BEST_POOL);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /pools, /pools/retired and /pools/retiring', () => {
  it('lists the registered pools that have not retired, in the order they first registered', async () => {
    const { body } = await getValid(app, '/pools', '/pools');
    expect(body).toEqual([FIRST.pool_id, SECOND.pool_id, BEST_POOL, RETIRING, RETURNED]);
    expect((await getValid(app, '/pools', '/pools?count=2&page=2&order=desc')).body).toEqual([
      BEST_POOL,
      SECOND.pool_id,
    ]);
  });

  it('lists the retirements that took effect and those still ahead, by epoch', async () => {
    expect((await getValid(app, '/pools/retired', '/pools/retired')).body).toEqual([
      { pool_id: RETIRED, epoch: 305 },
    ]);
    expect((await getValid(app, '/pools/retiring', '/pools/retiring')).body).toEqual([
      { pool_id: RETIRING, epoch: 312 },
      { pool_id: BEST_POOL, epoch: 320 },
    ]);
    expect((await getValid(app, '/pools/retiring', '/pools/retiring?order=desc&count=1')).body).toEqual([
      { pool_id: BEST_POOL, epoch: 320 },
    ]);
  });
});

describe('GET /pools/{pool_id}/relays, /updates and /blocks', () => {
  it('serves the relays of the newest registration, decoded from its transaction', async () => {
    for (const cert of [FIRST, SECOND]) {
      const { body } = await getValid(app, '/pools/{pool_id}/relays', `/pools/${cert.pool_id}/relays`);
      expect(body).toEqual(cert.relays.map((relay) => ({ dns_srv: null, ...relay })));
    }
    expect((await getValid(app, '/pools/{pool_id}/relays', `/pools/${BLOCKS_ONLY}/relays`)).body).toEqual([]);
  });

  it('lists a pool’s registrations and retirements in chain order, as blockfrost-tests expects', async () => {
    for (const url of bestPoolUpdates!.endpoints) {
      expect((await getValid(app, '/pools/{pool_id}/updates', `/${url}`)).body).toEqual(
        bestPoolUpdates!.response,
      );
    }
    const { body } = await getValid(
      app,
      '/pools/{pool_id}/updates',
      `/pools/${BEST_POOL}/updates?order=desc`,
    );
    expect(body.map((update: any) => update.action)).toEqual(['deregistered', 'registered', 'registered']);
    expect((await getValid(app, '/pools/{pool_id}/updates', `/pools/${BLOCKS_ONLY}/updates`)).body).toEqual(
      [],
    );
  });

  it('lists the hashes of the blocks a pool made, paged', async () => {
    const url = `/pools/${BEST_POOL}/blocks`;
    expect((await getValid(app, '/pools/{pool_id}/blocks', url)).body).toEqual(bestPoolBlocks);
    expect((await getValid(app, '/pools/{pool_id}/blocks', `${url}?count=2&page=2&order=desc`)).body).toEqual(
      [...bestPoolBlocks].reverse().slice(2, 4),
    );
  });

  it.each(['relays', 'updates', 'blocks'])(
    'answers 404 for the %s of a pool the index does not know',
    async (list) => {
      for (const pool of [poolOf('99'), '99'.repeat(28), 'abcd', BEST_POOL.toUpperCase()]) {
        const { body } = await getValid(app, `/pools/{pool_id}/${list}`, `/pools/${pool}/${list}`);
        expect({ pool, body }).toEqual({
          pool,
          body: {
            status_code: 404,
            error: 'Not Found',
            message: 'The requested component has not been found.',
          },
        });
      }
    },
  );

  it.each(['relays', 'updates', 'blocks'])(
    'answers a malformed pool id’s %s with Blockfrost’s 400',
    async (list) => {
      for (const pool of ['pool1xyz', 'stake1abc', 'ab'.repeat(50)]) {
        const { body } = await getValid(app, `/pools/{pool_id}/${list}`, `/pools/${pool}/${list}`);
        expect({ pool, body }).toEqual({
          pool,
          body: { status_code: 400, error: 'Bad Request', message: 'Invalid or malformed pool id format.' },
        });
      }
    },
  );
});

describeErrorFixtures(
  {
    '/pools': 'pools-root',
    '/pools/retired': 'pools-retired',
    '/pools/retiring': 'pools-retiring',
    '/pools/{pool_id}/blocks': 'pools-pool-id-blocks',
  },
  ['mainnet'],
);
