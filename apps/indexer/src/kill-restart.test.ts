import { setTimeout as delay } from 'node:timers/promises';
import { createTestDatabase, withConnection, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { Random } from '@frostline/devnet/generate';
import { Queue } from 'bullmq';
import { QUEUES, redisConnection } from './jobs/queues.js';
import { ROLLBACK_TABLES } from './sink/rollback.js';
import { compareDatabases } from './test-support/compare-databases.js';
import { generate } from './test-support/generated.js';
import { testRedisUrl, waitUntil } from './test-support/indexer.js';
import { runIndexerProgram, type IndexerProcess } from './test-support/indexer-process.js';

// kill -9 of the indexer program at random points of a generated chain with forks, each followed by a
// restart, must end on the same rows in every table as an uninterrupted run of the same chain.
// The seed draws both the chain and the kill points; KILL_SEED=<seed> replays a run.
const SEED = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KILLS = 4;
/** Blocks are released this often (ms): early kills hit a following indexer, later ones a catch-up. */
const BLOCK_INTERVAL_MS = 25;
/**
 * The exit status of an indexer finding the writer lock taken: a killed process's lock lasts until
 * PostgreSQL notices its connection is gone, and the restart is then tried again.
 */
const WRITER_LOCK_TAKEN = 3;
/**
 * What the node answers for the epoch it is in when asked (at startup and on every epoch change): an
 * epoch the node passed while the indexer was down, or before a lagging job asked, is never stored
 * (docs/semantics.md), and a later ask answers later figures, so the two runs' snapshots may differ.
 */
const NODE_SNAPSHOTS: readonly string[] = ROLLBACK_TABLES.epochSnapshots;
/**
 * How long the tables filled by jobs (rewards) may take to settle once both runs hold the tip, on a busy
 * machine: the last start's own epoch walk refreshes what the killed runs left marked, whatever jobs a kill
 * left active (BullMQ hands those out again only once it finds them stalled, a minute or more later).
 */
const JOBS_SETTLE_MS = 120_000;

const protocolParameters = (database: TestDatabase) =>
  withConnection(database.url, async (client) => {
    const { rows } = await client.query<{ epoch: number; row: string }>(
      'SELECT epoch, ROW(params, nonce)::text AS row FROM protocol_parameters',
    );
    return new Map(rows.map(({ epoch, row }) => [epoch, row]));
  });

/** The rewards jobs a run's queues hold, by state: why the tables filled by jobs differ, when they do. */
async function rewardsJobs(prefix: string) {
  const queue = new Queue(QUEUES.rewards, { connection: redisConnection(testRedisUrl()), prefix });
  try {
    const jobs = await queue.getJobs(['active', 'waiting', 'delayed', 'failed', 'prioritized']);
    return Promise.all(
      jobs.map(async (job) => ({
        name: job.name,
        data: job.data as unknown,
        state: await job.getState(),
        attemptsMade: job.attemptsMade,
        failedReason: job.failedReason,
      })),
    );
  } finally {
    await queue.close();
  }
}

describe(`kill -9 of the indexer at random points (seed ${SEED}; KILL_SEED=${SEED} replays it)`, () => {
  let devnet: Devnet;
  let killed: TestDatabase;
  let uninterrupted: TestDatabase;
  const running = new Set<IndexerProcess>();

  beforeAll(() => console.log(`kill -9 suite: seed ${SEED} (KILL_SEED=${SEED} replays this run)`));
  afterAll(async () => {
    for (const indexer of running) indexer.child.kill('SIGKILL');
    await Promise.all([...running].map((indexer) => indexer.exited));
    await devnet?.close();
    await killed?.drop();
    await uninterrupted?.drop();
  });

  function start(database: TestDatabase, queuePrefix: string): IndexerProcess {
    const indexer = runIndexerProgram({
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      OGMIOS_URL: devnet.url,
      NETWORK: 'custom',
      INDEXER_BATCH_SIZE: '20',
      INDEXER_METRICS_PORT: '0',
      INDEXER_QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: 'silent',
    });
    running.add(indexer);
    void indexer.exited.then(() => running.delete(indexer));
    return indexer;
  }

  const blockCount = (database: TestDatabase) =>
    withConnection(database.url, async (client) => {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM block');
      return rows[0]!.n;
    });

  const hasBlock = (database: TestDatabase, hash: string) =>
    withConnection(database.url, async (client) => {
      const { rowCount } = await client.query(`SELECT 1 FROM block WHERE hash = decode($1, 'hex')`, [hash]);
      return rowCount === 1;
    });

  /** Whether a session opened after `since` holds an advisory lock (the writer lock) in the database. */
  const holdsWriterLockSince = (database: TestDatabase, since: Date) =>
    withConnection(database.url, async (client) => {
      const { rowCount } = await client.query(
        `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database() AND a.backend_start > $1`,
        [since],
      );
      return rowCount !== null && rowCount > 0;
    });

  it('loses and doubles no row of any table: the same rows as an uninterrupted run', async () => {
    const random = new Random(`kill-restart/${SEED}`);
    const chain = await generate({ seed: SEED, blocks: 150, txPerBlock: 4, forks: 4, maxForkDepth: 4 });
    devnet = await startDevnet({
      chain: { file: chain.file },
      network: 'custom',
      port: 0,
      blockInterval: BLOCK_INTERVAL_MS,
    });
    [killed, uninterrupted] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const prefixes = { uninterrupted: `kill-reference-${process.pid}`, killed: `kill-${process.pid}` };
    const reference = start(uninterrupted, prefixes.uninterrupted);

    const killPoints: string[] = [];
    for (let kills = 0; kills < KILLS;) {
      const before = await blockCount(killed);
      const indexer = start(killed, prefixes.killed);
      const exitedEarly = indexer.exited.then(() => true);
      // Wait until it writes again (or has nothing left to write), then a random moment more.
      await Promise.race([
        waitUntil(
          async () => (await blockCount(killed)) > before || (await hasBlock(killed, chain.expected.tip.id)),
          60_000,
          `the restarted indexer to write (seed ${SEED})`,
        ),
        exitedEarly,
      ]);
      if (indexer.child.exitCode === null) await delay(random.int(1000));
      if (indexer.child.exitCode !== null) {
        const { code, stderr } = await indexer.exited;
        if (code !== WRITER_LOCK_TAKEN) throw new Error(`indexer exited by itself (${code}): ${stderr}`);
        continue;
      }
      indexer.child.kill('SIGKILL');
      await indexer.exited;
      killPoints.push(`${await blockCount(killed)} blocks`);
      kills++;
    }

    const lastStarted = new Date();
    const last = start(killed, prefixes.killed);
    const tip = chain.expected.tip.id;
    await waitUntil(
      async () => (await hasBlock(killed, tip)) && (await hasBlock(uninterrupted, tip)),
      60_000,
      `both runs to reach the tip (seed ${SEED})`,
    );
    const differences = async () =>
      (await compareDatabases(uninterrupted.url, killed.url)).filter(
        ({ table }) => !NODE_SNAPSHOTS.includes(table),
      );
    await waitUntil(async () => (await differences()).length === 0, JOBS_SETTLE_MS).catch(() => undefined);
    const found = await differences();
    const jobs = found.length
      ? {
          uninterrupted: await rewardsJobs(prefixes.uninterrupted),
          killed: await rewardsJobs(prefixes.killed),
        }
      : null;
    expect({ seed: SEED, killPoints, differences: found, jobs }).toEqual({
      seed: SEED,
      killPoints,
      differences: [],
      jobs: null,
    });
    const [expectedParameters, killedParameters] = await Promise.all([
      protocolParameters(uninterrupted),
      protocolParameters(killed),
    ]);
    // Both hold the last epoch: the node is in it from the block that enters it to the end of the chain.
    const common = [...killedParameters.keys()].filter((epoch) => expectedParameters.has(epoch));
    expect(common.length).toBeGreaterThan(0);
    for (const epoch of common) {
      expect({ epoch, row: killedParameters.get(epoch) }).toEqual({
        epoch,
        row: expectedParameters.get(epoch),
      });
    }
    expect(killPoints).toHaveLength(KILLS);

    // The chain may have been at its tip before the last start: stop that indexer once it runs.
    await waitUntil(
      () => holdsWriterLockSince(killed, lastStarted),
      30_000,
      `the last indexer to take the writer lock (seed ${SEED})`,
    );
    for (const indexer of [last, reference]) indexer.child.kill('SIGTERM');
    expect((await Promise.all([last.exited, reference.exited])).map(({ code }) => code)).toEqual([0, 0]);
  }, 360_000);
});
