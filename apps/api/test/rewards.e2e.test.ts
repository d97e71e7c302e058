import { poolIdToHash, stakeAddressFromCredential } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeErrorFixtures, fixtures } from './support/error-fixtures.js';
import { poolRegistrationsCbor } from './support/pool-certificates.js';
import { ChainSeed } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig, type TestContext } from './support/test-app.js';

// The paths of the reward rows the indexer derives at epoch boundaries (docs/semantics.md#rewards), seeded
// as it stores them: /accounts/{stake_address}/rewards against blockfrost-tests' mainnet answers, and
// /pools/{pool_id}/history on a small chain whose every figure is written out.

let app: NestFastifyApplication;
let db: TestContext & { close(): Promise<void> };
let seed: ChainSeed;

interface Reward {
  epoch: number;
  amount: string;
  pool_id: string;
  type: string;
}

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const [rewardsPage] = fixtures('mainnet-account-rewards.json') as {
  endpoints: string[];
  response: Reward[];
}[];
const POOL = 'pool1pu5jlj4q9w9jlxeu370a3c9myx47md5j5m2str0naunn2q3lkdy';
const OTHER_POOL = 'pool1vx9tzlkgafernd9vpjpxkenutx2gncj4yn88fpq69823qlwcqrt';
const keyAccount = (byte: string) => stakeAddressFromCredential({ type: 'key', hash: byte.repeat(28) }, 1);

const account = (view: string) => seed.account(view);

async function reward(accountId: number, row: Reward, spendable = row.epoch + 2): Promise<void> {
  await db.sql.query(
    `INSERT INTO reward (stake_address_id, type, amount, earned_epoch, spendable_epoch, pool_hash)
     VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'))`,
    [accountId, row.type, row.amount, row.epoch, spendable, poolIdToHash(row.pool_id)],
  );
}

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database));
  seed = new ChainSeed(db.sql);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /accounts/{stake_address}/rewards', () => {
  const endpoint = '/accounts/{stake_address}/rewards';
  const view = rewardsPage!.endpoints[0]!.split('/')[1]!;

  it('lists the rewards by earning epoch, then type, as blockfrost-tests expects', async () => {
    await seed.block({ hash: hashOf(1), height: 1, slot: 1, epoch: 240, epochSlot: 1, time: 1 });
    const id = await account(view);
    const earlier = [226, 227, 228].map((epoch) => ({
      epoch,
      amount: `${epoch}`,
      pool_id: OTHER_POOL,
      type: 'member',
    }));
    for (const row of [...earlier, ...rewardsPage!.response]) await reward(id, row);
    for (const url of rewardsPage!.endpoints) {
      expect((await getValid(app, endpoint, `/${url}`)).body).toEqual(rewardsPage!.response);
    }
    // Within an epoch the leader's comes before the member's and the refund, whatever the order.
    const refund = { epoch: 231, amount: '500000000', pool_id: POOL, type: 'pool_deposit_refund' };
    const leader = { epoch: 231, amount: '7', pool_id: OTHER_POOL, type: 'leader' };
    await reward(id, refund, 231);
    await reward(id, leader);
    const newest = await getValid(app, endpoint, `/accounts/${view}/rewards?order=desc&count=3`);
    expect(newest.body).toEqual([leader, rewardsPage!.response[2], refund]);
  });

  it('answers [] for an account paid nothing and 404 for one never seen', async () => {
    const seen = keyAccount('ab');
    await account(seen);
    expect((await getValid(app, endpoint, `/accounts/${seen}/rewards`)).body).toEqual([]);
    expect((await getValid(app, endpoint, `/accounts/${keyAccount('ee')}/rewards`)).status).toBe(404);
  });
});

describe('GET /pools/{pool_id}/history', () => {
  const endpoint = '/pools/{pool_id}/history';
  const pool = 'pool15wfu7td5r4k27erk5q5wt06x59skxxyqj206tdnfmfmk7pd3rp3';
  const hash = poolIdToHash(pool)!;

  it('lists the epochs of the pool’s stake snapshots before the newest, with its blocks, rewards and fees', async () => {
    // Registered in epoch 250 (cost 340 ADA, margin 5 %): its parameters count from 252.
    await seed.block({ hash: hashOf(10), height: 10, slot: 10, epoch: 250, epochSlot: 10, time: 10 });
    const registration = await seed.tx(hashOf(110), {
      cbor: poolRegistrationsCbor([
        {
          cert_index: 0,
          pool_id: pool,
          vrf_key: 'aa'.repeat(32),
          pledge: '0',
          margin_cost: 0.05,
          fixed_cost: '340000000',
          reward_account: keyAccount('01'),
          owners: [],
          metadata: { url: null, hash: null, ticker: null, name: null },
          relays: [],
          active_epoch: 252,
        },
      ]),
    });
    await seed.poolRegistration(registration, hash);
    // Blocks: two in 252, one in 253 (one of another pool), and the tip in 255.
    const blocks: [number, number, string][] = [
      [11, 252, pool],
      [12, 252, pool],
      [13, 253, pool],
      [14, 253, OTHER_POOL],
      [15, 255, OTHER_POOL],
    ];
    for (const [n, epoch, slotLeader] of blocks)
      await seed.block({ hash: hashOf(n), height: n, slot: n, epoch, epochSlot: n, time: n, slotLeader });
    // Snapshots 252–255; the pool in 252 (two delegators), 253 (one) and 255 (the tip's: not listed), not 254.
    const stakes: [number, string, string][] = [
      [252, keyAccount('02'), '300'],
      [252, keyAccount('03'), '100'],
      [253, keyAccount('02'), '250'],
      [255, keyAccount('02'), '250'],
    ];
    for (const [epoch, total] of [
      [252, '1000'],
      [253, '1000'],
      [254, '1000'],
      [255, '1000'],
    ] as const)
      await db.sql.query(
        `INSERT INTO epoch_stake_snapshot (epoch, taken_in_epoch, slot, accounts, amount, boundary_hash)
         VALUES ($1, $1 - 1, 0, 0, $2, NULL)`,
        [epoch, total],
      );
    for (const [position, [epoch, view, amount]] of stakes.entries())
      await db.sql.query(
        `INSERT INTO epoch_stake (epoch, position, stake_address_id, pool_hash, amount, rewards)
         VALUES ($1, $2, $3, decode($4, 'hex'), $5, 0)`,
        [epoch, position, await account(view), hash, amount],
      );
    const leader = await account(keyAccount('01'));
    const member = await account(keyAccount('02'));
    await reward(leader, { epoch: 252, amount: '400000000', pool_id: pool, type: 'leader' });
    await reward(member, { epoch: 252, amount: '100000000', pool_id: pool, type: 'member' });
    await reward(member, { epoch: 253, amount: '100', pool_id: pool, type: 'member' });
    // A refund is no reward of the pool's blocks.
    await reward(
      leader,
      { epoch: 253, amount: '500000000', pool_id: pool, type: 'pool_deposit_refund' },
      253,
    );

    const history = [
      {
        epoch: 252,
        blocks: 2,
        active_stake: '400',
        active_size: 0.4,
        delegators_count: 2,
        rewards: '500000000',
        // 340 ADA + 5 % of the rest
        fees: '348000000',
      },
      // Below the fixed cost the operator takes it all.
      {
        epoch: 253,
        blocks: 1,
        active_stake: '250',
        active_size: 0.25,
        delegators_count: 1,
        rewards: '100',
        fees: '100',
      },
    ];
    expect((await getValid(app, endpoint, `/pools/${pool}/history`)).body).toEqual(history);
    expect((await getValid(app, endpoint, `/pools/${hash}/history?order=desc&count=1`)).body).toEqual([
      history[1],
    ]);
    expect((await getValid(app, endpoint, `/pools/${pool}/history?page=2&count=1`)).body).toEqual([
      history[1],
    ]);
  });

  it('answers 400 for a malformed pool id and 404 for one the index does not know', async () => {
    expect((await getValid(app, endpoint, '/pools/pool1xyz/history')).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed pool id format.',
    });
    expect((await getValid(app, endpoint, `/pools/${'cd'.repeat(28)}/history`)).status).toBe(404);
  });
});

// Only preview's rewards fixtures are errors.
describeErrorFixtures({ '/accounts/{stake_address}/rewards': 'account-rewards' }, ['preview']);
describeErrorFixtures({ '/pools/{pool_id}/history': 'pools-pool-id-history' });
