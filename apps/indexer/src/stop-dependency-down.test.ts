import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@frostline/db';
import { createTestDatabase, withConnection } from '@frostline/db/testing';
import { startDevnet } from '@frostline/devnet';
import { freePort, startEmbeddedPostgres, startRedis } from '../../../scripts/lib/services.mjs';
import { preprodChunkBlocks } from './test-support/chains.js';
import { dumpChainTables } from './test-support/compare-databases.js';
import { testRedisUrl, waitUntil } from './test-support/indexer.js';
import { runIndexerProgram, type IndexerProcess } from './test-support/indexer-process.js';
import { preprodReferenceTables } from './test-support/reference.js';

// SIGTERM to the indexer program while PostgreSQL or Redis is down, for real: each test runs its own
// server of the one it stops. The program must exit, and the next start must end with the rows of an
// uninterrupted run: what was not committed is written again from the stored tip.
const blocks = preprodChunkBlocks();
/** blocks from the node's tip within which the indexer writes each block on its own (app.ts) */
const NEAR_TIP_BLOCKS = 10;
/**
 * Far beyond what a stop takes (well under a second): a stop still waiting for the dependency after
 * this long waits for it for ever.
 */
const STOP_BOUND_MS = 60_000;
/**
 * How long PostgreSQL is down before the stop: the failed batch write is followed by the attempts to
 * resume (chain-sync reconnecting, the writer lock retaken), which the stop must cut short too.
 */
const OUTAGE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const storedBlocks = (databaseUrl: string) =>
  withConnection(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM block WHERE era <> 'genesis'`,
    );
    return rows[0]!.n;
  });

function indexerEnv(databaseUrl: string, redisUrl: string, ogmiosUrl: string) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    OGMIOS_URL: ogmiosUrl,
    NETWORK: 'preprod',
    // Short batches: a catch-up of many writes.
    INDEXER_BATCH_SIZE: '4',
    INDEXER_METRICS_PORT: '0',
    INDEXER_QUEUE_PREFIX: `stop-${process.pid}`,
    LOG_LEVEL: 'silent',
  };
}

/** SIGTERM, then how the program ended, or 'still running' once STOP_BOUND_MS passed. */
async function terminate(indexer: IndexerProcess): Promise<{ code: number | null } | 'still running'> {
  indexer.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'still running'>(
    (resolve) => (timer = setTimeout(resolve, STOP_BOUND_MS, 'still running')),
  );
  try {
    const outcome = await Promise.race([indexer.exited, bound]);
    return outcome === 'still running' ? outcome : { code: outcome.code };
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the program again and waits until it stored every block; it is then stopped. */
async function resumeToEnd(env: Record<string, string>, databaseUrl: string, count: number) {
  const indexer = runIndexerProgram(env);
  try {
    await waitUntil(async () => (await storedBlocks(databaseUrl)) === count, 90_000, 'the whole chain');
  } finally {
    expect(await terminate(indexer)).toEqual({ code: 0 });
  }
}

describe('the indexer program stopped while a dependency is down', () => {
  const running = new Set<IndexerProcess>();
  const start = (env: Record<string, string>) => {
    const indexer = runIndexerProgram(env);
    running.add(indexer);
    void indexer.exited.then(() => running.delete(indexer));
    return indexer;
  };
  afterEach(async () => {
    for (const indexer of running) indexer.child.kill('SIGKILL');
    await Promise.all([...running].map((indexer) => indexer.exited));
  });

  it('mid-catch-up with PostgreSQL down: exits, and the next start writes the uncommitted blocks again', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-stop-pg-'));
    const port = await freePort();
    let postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
    await applyMigrations(postgres.url);
    // The whole chain at once: the node's tip is its last block, and the indexer catches up to it.
    const devnet = await startDevnet({ chain: { blocks }, network: 'preprod', port: 0 });
    const env = indexerEnv(postgres.url, testRedisUrl(), devnet.url);
    try {
      const first = start(env);
      await waitUntil(
        async () => (await storedBlocks(postgres.url)) >= 100,
        60_000,
        'a first part of the chain',
      );
      await postgres.stop();
      await sleep(OUTAGE_MS);
      expect(await terminate(first)).toEqual({ code: 0 });

      postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
      // The stop fell in the catch-up, not in the blocks near the tip.
      expect(await storedBlocks(postgres.url)).toBeLessThan(blocks.length - NEAR_TIP_BLOCKS);
      await resumeToEnd(env, postgres.url, blocks.length);
      expect(await dumpChainTables(postgres.url)).toEqual(await preprodReferenceTables(blocks, devnet.url));
    } finally {
      await devnet.close();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('at the tip with Redis down: exits, and the next start carries on from the stored tip', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-stop-redis-'));
    const port = await freePort();
    let redis = await startRedis({ dir, port, persistent: false });
    const db = await createTestDatabase();
    // The chain's last blocks come once the indexer is at the tip, the first of them while Redis is down:
    // one whose certificates or withdrawals mark accounts, so its write queues a reward refresh.
    const served = blocks.findLastIndex((block) =>
      block.transactions?.some((tx) => tx.certificates?.length || Object.keys(tx.withdrawals ?? {}).length),
    );
    expect(served).toBeGreaterThan(blocks.length / 2);
    const devnet = await startDevnet({
      chain: { blocks: blocks.slice(0, served) },
      network: 'preprod',
      port: 0,
    });
    const env = indexerEnv(db.url, redis.url, devnet.url);
    try {
      const first = start(env);
      await waitUntil(async () => (await storedBlocks(db.url)) === served, 60_000, 'the tip');
      await redis.stop();
      devnet.appendBlock(blocks[served]!);
      // Committed: its reward refresh is being queued to Redis.
      await waitUntil(
        async () => (await storedBlocks(db.url)) === served + 1,
        60_000,
        'the block after Redis stopped',
      );
      expect(await terminate(first)).toEqual({ code: 0 });

      redis = await startRedis({ dir, port, persistent: false });
      for (const block of blocks.slice(served + 1)) devnet.appendBlock(block);
      await resumeToEnd(env, db.url, blocks.length);
      expect(await dumpChainTables(db.url)).toEqual(await preprodReferenceTables(blocks, devnet.url));
    } finally {
      await devnet.close();
      await redis.stop();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
