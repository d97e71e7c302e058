import {
  poolIdFromHash,
  poolIdToHash,
  rewardAddressBech32ToHex,
  stakeAddressFromCredential,
} from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeErrorFixtures, fixtures } from './support/error-fixtures.js';
import { ChainSeed } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig, type TestContext } from './support/test-app.js';

// The paths of the stake snapshots (/epochs/{number}/stakes…, /accounts/{stake_address}/history) and the
// live delegators, against blockfrost-tests' mainnet answers: the snapshot rows are seeded as the indexer
// stores them (docs/semantics.md#stake-snapshots), numbered in the ledger's order of credentials.

let app: NestFastifyApplication;
let db: TestContext & { close(): Promise<void> };
let seed: ChainSeed;

interface Stake {
  stake_address: string;
  pool_id: string;
  amount: string;
}

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const [firstPage, lastPage] = fixtures('mainnet-epochs-number-stakes.json').filter((f) =>
  Array.isArray(f.response),
) as { endpoints: string[]; response: Stake[] }[];
const poolPage = fixtures('mainnet-epochs-number-stakes-pool.json').find((f) => Array.isArray(f.response))!;
const [history] = fixtures('mainnet-account-history.json');
const retiredPoolDelegators = fixtures('mainnet-pools-pool-id-delegators.json').find((f) =>
  Array.isArray(f.response),
)!;
const BEST_POOL = 'pool1pu5jlj4q9w9jlxeu370a3c9myx47md5j5m2str0naunn2q3lkdy';
const OTHER_POOL = 'pool1qqqqqdk4zhsjuxxd8jyvwncf5eucfskz0xjjj64fdmlgj735lr9';
const UNKNOWN_POOL = poolIdFromHash('cd'.repeat(28));
/** A mainnet key credential's stake address. */
const keyAccount = (byte: string) => stakeAddressFromCredential({ type: 'key', hash: byte.repeat(28) }, 1);
// The greatest key credential: last in the ledger's order.
const LAST = keyAccount('ff');

const account = (view: string) => seed.account(view);

/** The ledger's order of credentials: script credentials first, then keys, each by hash. */
const ledgerOrder = (a: string, b: string) => {
  const key = (view: string) => {
    const raw = rewardAddressBech32ToHex(view)!;
    return `${parseInt(raw.slice(0, 2), 16) & 0x10 ? '0' : '1'}${raw.slice(2)}`;
  };
  return key(a) < key(b) ? -1 : 1;
};

/** A snapshot of `epoch` as the indexer stores it, its positions starting after `skipped` rows not seeded. */
async function snapshot(epoch: number, stakes: Stake[], skipped = 0): Promise<void> {
  const sorted = [...stakes].sort((a, b) => ledgerOrder(a.stake_address, b.stake_address));
  for (const [index, stake] of sorted.entries()) {
    await db.sql.query(
      `INSERT INTO epoch_stake (epoch, position, stake_address_id, pool_hash, amount, rewards)
       VALUES ($1, $2, $3, decode($4, 'hex'), $5, 0)`,
      [
        epoch,
        skipped + index + 1,
        await account(stake.stake_address),
        poolIdToHash(stake.pool_id),
        stake.amount,
      ],
    );
  }
}

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database));
  seed = new ChainSeed(db.sql);
  for (const [n, epoch] of [209, 210, 242].entries()) {
    await seed.block({ hash: hashOf(n + 1), height: n + 1, slot: n + 1, epoch, epochSlot: 0, time: n + 1 });
    await seed.tx(hashOf(100 + n));
  }
  await seed.poolRegistration(1, poolIdToHash(BEST_POOL)!);
  await seed.poolRegistration(1, poolIdToHash(OTHER_POOL)!, 1);

  // Epoch 242: blockfrost-tests' first page, and the best pool's first two delegators (after it in the
  // ledger's order) with one more of its delegators after them.
  const bestPool = (poolPage.response as { stake_address: string; amount: string }[]).map((stake) => ({
    ...stake,
    pool_id: BEST_POOL,
  }));
  await snapshot(242, [
    ...firstPage!.response,
    ...bestPool,
    { stake_address: LAST, pool_id: BEST_POOL, amount: '9' },
  ]);
  // Epoch 210: blockfrost-tests' last page, the rows before it not seeded.
  await snapshot(210, lastPage!.response, 17_100);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /epochs/{number}/stakes', () => {
  it('pages the distribution active in the epoch in the ledger’s order, as blockfrost-tests expects', async () => {
    for (const fixture of [firstPage!, lastPage!]) {
      const { body } = await getValid(app, '/epochs/{number}/stakes', `/${fixture.endpoints[0]}`);
      expect(body).toEqual(fixture.response);
    }
    const { body } = await getValid(app, '/epochs/{number}/stakes', '/epochs/242/stakes?count=3&page=2');
    expect(body).toEqual(firstPage!.response.slice(3, 6));
  });

  it('answers [] for an epoch with blocks and no snapshot, 404 for one without blocks', async () => {
    expect((await getValid(app, '/epochs/{number}/stakes', '/epochs/209/stakes')).body).toEqual([]);
    expect((await getValid(app, '/epochs/{number}/stakes', '/epochs/300/stakes')).status).toBe(404);
  });
});

describeErrorFixtures({
  '/epochs/{number}/stakes': 'epochs-number-stakes',
  '/epochs/{number}/stakes/{pool_id}': 'epochs-number-stakes-pool',
});

describe('GET /epochs/{number}/stakes/{pool_id}', () => {
  const endpoint = '/epochs/{number}/stakes/{pool_id}';

  it('pages the pool’s part of the distribution, as blockfrost-tests expects', async () => {
    expect((await getValid(app, endpoint, `/${poolPage.endpoints[0]}`)).body).toEqual(poolPage.response);
    const all = (await getValid(app, endpoint, `/epochs/242/stakes/${BEST_POOL}`)).body;
    expect(all.map((stake: Stake) => stake.stake_address)).toEqual([
      ...poolPage.response.map((stake: Stake) => stake.stake_address),
      LAST,
    ]);
    // The pool's hash in hex names it too.
    const byHash = await getValid(app, endpoint, `/epochs/242/stakes/${poolIdToHash(BEST_POOL)}?count=2`);
    expect(byHash.body).toEqual(poolPage.response);
  });

  it('checks the epoch (400, 404) before the pool (400, 404), as Blockfrost does', async () => {
    expect((await getValid(app, endpoint, '/epochs/300/stakes/pool1xyz')).status).toBe(404);
    expect((await getValid(app, endpoint, '/epochs/242/stakes/pool1xyz')).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed pool id format.',
    });
    expect((await getValid(app, endpoint, `/epochs/242/stakes/${UNKNOWN_POOL}`)).status).toBe(404);
    expect((await getValid(app, endpoint, `/epochs/209/stakes/${BEST_POOL}`)).body).toEqual([]);
  });
});

describe('GET /accounts/{stake_address}/history', () => {
  const endpoint = '/accounts/{stake_address}/history';
  const view = 'stake1u9fzg77vrgfqlplkjqe9hntdcvsurpvxd60yp2fhn73002qsv9pdk';

  it('lists the account’s snapshots by epoch, as blockfrost-tests expects', async () => {
    const earlier = [226, 227, 228].map((epoch) => ({
      active_epoch: epoch,
      amount: `${epoch}`,
      pool_id: OTHER_POOL,
    }));
    for (const entry of [...earlier, ...(history!.response as typeof earlier)]) {
      await snapshot(entry.active_epoch, [
        { stake_address: view, pool_id: entry.pool_id, amount: entry.amount },
      ]);
    }
    for (const url of history!.endpoints) {
      expect((await getValid(app, endpoint, `/${url}`)).body).toEqual(history!.response);
    }
    const newest = await getValid(app, endpoint, `/accounts/${view}/history?order=desc&count=2`);
    expect(newest.body).toEqual([...history!.response].reverse().slice(0, 2));
  });

  it('answers [] for an account in no snapshot and 404 for one never seen', async () => {
    const seen = 'stake1uyawuee026v7q8vdswnvk9hxtkg3l3zcgx07myj37ac304gntna04';
    await account(seen);
    expect((await getValid(app, endpoint, `/accounts/${seen}/history`)).body).toEqual([]);
    const never = keyAccount('ee');
    expect((await getValid(app, endpoint, `/accounts/${never}/history`)).status).toBe(404);
  });

  it.each([
    ['a malformed stake address', 'stake1xyz'],
    ['another network’s', stakeAddressFromCredential({ type: 'key', hash: 'ee'.repeat(28) }, 0)],
  ])('answers Blockfrost’s 400 for %s', async (_, param) => {
    expect((await getValid(app, endpoint, `/accounts/${param}/history`)).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed stake address format.',
    });
  });
});

describe('GET /pools/{pool_id}/delegators', () => {
  const endpoint = '/pools/{pool_id}/delegators';
  const pool = retiredPoolDelegators.endpoints[0]!.split('/')[1]!;

  it('lists the registered accounts whose newest delegation is to the pool, with their live stake', async () => {
    await seed.block({ hash: hashOf(50), height: 50, slot: 50, epoch: 242, epochSlot: 50, time: 50 });
    const tx = await seed.tx(hashOf(150));
    await seed.poolRegistration(tx, poolIdToHash(pool)!);
    const [first, second] = retiredPoolDelegators.response as { address: string; live_stake: string }[];
    const moved = 'stake1u8l8yzy5le2whmlefkp7zfwvvc7mnurgcyf839f48ymcrqcw5hc6k';
    const deregistered = 'stake1u8l8tqeg6l8h6q00qmztclzyuadruyw09dldarnz4raf78czg9vxu';
    for (const view of [first!.address, second!.address, moved, deregistered]) {
      await seed.stakeRegistration(tx, await account(view), false);
      await seed.delegation(tx, await account(view), poolIdToHash(pool)!);
    }
    await seed.balances(await account(second!.address), { utxo: '5000000', reward: '282806' });
    await seed.delegation(tx, await account(moved), poolIdToHash(BEST_POOL)!);
    const later = await seed.tx(hashOf(151));
    await seed.stakeRegistration(later, await account(deregistered), true);

    expect((await getValid(app, endpoint, `/${retiredPoolDelegators.endpoints[0]}`)).body).toEqual(
      retiredPoolDelegators.response,
    );
    const desc = await getValid(app, endpoint, `/pools/${pool}/delegators?order=desc&count=1`);
    expect(desc.body).toEqual([second]);
    expect((await getValid(app, endpoint, `/pools/${pool}/delegators?page=2`)).body).toEqual([]);
  });

  it('answers an empty page for a known pool that no account delegates to', async () => {
    const idle = poolIdFromHash('ab'.repeat(28));
    await seed.poolRegistration(await seed.tx(hashOf(152)), poolIdToHash(idle)!);

    const response = await getValid(app, endpoint, `/pools/${idle}/delegators`);
    expect([response.status, response.body]).toEqual([200, []]);
  });

  it('answers 400 for a malformed pool id and 404 for one the index does not know', async () => {
    expect((await getValid(app, endpoint, '/pools/pool1xyz/delegators')).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed pool id format.',
    });
    expect((await getValid(app, endpoint, `/pools/${UNKNOWN_POOL}/delegators`)).status).toBe(404);
  });
});
