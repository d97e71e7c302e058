import { Worker, type Job } from 'bullmq';
import { startIndexer } from '../app.js';
import { connectOgmios } from '../chain-sync/ogmios.js';
import { indexerConfig, silentLogger, testRedisUrl, waitUntil } from '../test-support/indexer.js';
import { QUEUES, redisConnection, type RewardsJob } from './queues.js';
import { markRegisteredAccounts, refreshMarkedAccounts } from './rewards.js';
import { generatedDevnet, prismaDatabase } from '../test-support/lifecycle.js';

// Reward balances are read from the ledger by a job queued after each batch commits. What a batch
// touched is marked in its own transaction, so a refresh whose job was lost (the indexer killed
// between the commit and the queueing, or Redis down) is done by the next start.
describe('reward refreshes survive a lost job', () => {
  const net = generatedDevnet();
  const database = prismaDatabase('each');

  const withdrawable = async () => {
    const rows = await database.prisma.$queryRawUnsafe<{ view: string; amount: string }[]>(
      `SELECT s.view, r.amount::text AS amount FROM reward_balance r JOIN stake_address s ON s.id = r.stake_address_id
       WHERE r.amount > 0`,
    );
    return Object.fromEntries(rows.map(({ view, amount }) => [view, amount]));
  };
  const marks = async () =>
    Number(
      (await database.prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM reward_refresh'))[0]!
        .n,
    );

  const rewardsEpoch = async () =>
    (
      await database.prisma.$queryRawUnsafe<{ epoch: number | null }[]>(
        'SELECT rewards_epoch AS epoch FROM indexer_status',
      )
    )[0]!.epoch;

  it('are done at the next start when the run that committed the batches never ran its jobs', async () => {
    const expected = Object.fromEntries(
      Object.entries(net.chain.expected.accounts)
        .filter(([, account]) => account.withdrawableAmount !== '0')
        .map(([view, account]) => [view, account.withdrawableAmount]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(0);

    // Its jobs go to a queue prefix no worker ever reads: lost, as if the process died after each commit.
    const withoutJobs = await startIndexer(
      indexerConfig(database.db.url, net.devnet.url, { network: 'custom', inProcessWorkers: false }),
      silentLogger,
    );
    await waitUntil(() => withoutJobs.store.tipPoint?.id === net.chain.expected.tip.id, 60_000, 'the tip');
    await withoutJobs.stop();
    expect(await withdrawable()).toEqual({});
    expect(await marks()).toBeGreaterThan(0);

    const restarted = await startIndexer(
      indexerConfig(database.db.url, net.devnet.url, { network: 'custom' }),
      silentLogger,
    );
    try {
      await waitUntil(
        async () => (await rewardsEpoch()) === restarted.store.tipEpoch && (await marks()) === 0,
        30_000,
        'the epoch walk and the marks to be refreshed',
      );
      expect(await withdrawable()).toEqual(expected);
    } finally {
      await restarted.stop();
    }
  }, 120_000);

  it('are done at the next start when the run before was killed inside its epoch walk', async () => {
    // One config, and so one queue prefix, for both runs.
    const config = indexerConfig(database.db.url, net.devnet.url, { network: 'custom' });
    const before = await startIndexer({ ...config, inProcessWorkers: false }, silentLogger);
    await waitUntil(() => before.store.tipPoint?.id === net.chain.expected.tip.id, 60_000, 'the tip');
    const tipEpoch = before.store.tipEpoch;
    await before.stop();

    // The dead process's worker took every job it queued, the tip epoch's walk among them, and left their
    // locks to lapse long after this test.
    const dead = new Worker<RewardsJob>(QUEUES.rewards, null, {
      connection: redisConnection(testRedisUrl()),
      prefix: config.queuePrefix,
      lockDuration: 600_000,
    });
    const taken: Job<RewardsJob>[] = [];
    try {
      for (let job = await dead.getNextJob('dead'); job; job = await dead.getNextJob('dead')) taken.push(job);
    } finally {
      await dead.close();
    }
    expect(taken.map(({ data }) => data)).toContainEqual({ kind: 'all', epoch: tipEpoch });

    const restarted = await startIndexer(config, silentLogger);
    try {
      await waitUntil(
        async () => (await rewardsEpoch()) === tipEpoch && (await marks()) === 0,
        60_000,
        'the epoch walk and the marks to be refreshed',
      );
    } finally {
      await restarted.stop();
    }
  }, 120_000);

  it('keep a mark a batch renewed while the job was asking the ledger', async () => {
    await database.prisma.$executeRawUnsafe(
      `INSERT INTO stake_address (id, hash_raw, view, first_block_id) VALUES
         (1, decode('e0' || repeat('01', 28), 'hex'), 'stake_test1a', 0),
         (2, decode('e0' || repeat('02', 28), 'hex'), 'stake_test1b', 0)`,
    );
    await database.prisma.$executeRawUnsafe('INSERT INTO reward_refresh (stake_address_id) VALUES (1), (2)');
    const ogmios = await connectOgmios(new URL(net.devnet.url));
    try {
      let pages = 0;
      const refreshed = await refreshMarkedAccounts(
        database.prisma,
        async () => {
          // A batch touching account 1 commits after the job read its mark, before the job removes it.
          if (pages++ === 0) {
            await database.prisma.$executeRawUnsafe(
              `INSERT INTO reward_refresh (stake_address_id) VALUES (1)
               ON CONFLICT (stake_address_id) DO UPDATE SET mark = EXCLUDED.mark`,
            );
          }
          return ogmios;
        },
        1,
      );
      expect(refreshed).toBe(3);
      expect(await marks()).toBe(0);
      const balances = await database.prisma.$queryRawUnsafe<{ id: bigint }[]>(
        'SELECT stake_address_id AS id FROM reward_balance ORDER BY 1',
      );
      expect(balances.map(({ id }) => Number(id))).toEqual([1, 2]);
    } finally {
      ogmios.socket.close();
    }
  });

  it('walk every registered account once per newest epoch, however many epochs queued a walk', async () => {
    const block = (id: number, epoch: number) =>
      database.prisma.$executeRawUnsafe(
        `INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
         VALUES ($1::int8, decode(lpad(to_hex($1::int8), 64, '0'), 'hex'), $1::int4, $1::int8 * 100, false, $2::int4, 0, 0, 0, 0, 'x', 'conway')`,
        id,
        epoch,
      );
    await block(1, 3);
    await database.prisma.$executeRawUnsafe(
      `INSERT INTO stake_address (id, hash_raw, view, first_block_id) VALUES
         (1, decode('e0' || repeat('01', 28), 'hex'), 'stake_test1a', 1),
         (2, decode('e0' || repeat('02', 28), 'hex'), 'stake_test1b', 1)`,
    );
    await database.prisma.$executeRawUnsafe(
      `INSERT INTO stake_registration (id, tx_id, cert_index, stake_address_id, deregistration) VALUES (1, 1, 0, 1, false)`,
    );
    await database.prisma.$executeRawUnsafe(`INSERT INTO indexer_status (id, network) VALUES (1, 'custom')`);
    const marked = async () =>
      (
        await database.prisma.$queryRawUnsafe<{ id: bigint }[]>(
          'DELETE FROM reward_refresh RETURNING stake_address_id AS id',
        )
      ).map(({ id }) => Number(id));

    expect(await markRegisteredAccounts(database.prisma)).toBe(true);
    expect([await marked(), await rewardsEpoch()]).toEqual([[1], 3]);
    // Walks queued for epochs the first one covered (a catch-up crossed them while it ran).
    expect(await markRegisteredAccounts(database.prisma)).toBe(false);
    expect(await marked()).toEqual([]);
    await block(2, 5);
    expect(await markRegisteredAccounts(database.prisma)).toBe(true);
    expect([await marked(), await rewardsEpoch()]).toEqual([[1], 5]);
  });
});
