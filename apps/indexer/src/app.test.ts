import { Queue } from 'bullmq';
import pg from 'pg';
import type { OgmiosBlock } from '@frostline/model';
import { startIndexer } from './app.js';
import type { ChainStore } from './sink/chain-store.js';
import { preprodChunkBlocks } from './test-support/chains.js';
import { dumpChainTables } from './test-support/compare-databases.js';
import { preprodReferenceTables } from './test-support/reference.js';
import { QUEUES, redisConnection } from './jobs/queues.js';
import {
  indexedDevnet,
  indexerConfig,
  silentLogger,
  testRedisUrl,
  waitUntil,
} from './test-support/indexer.js';
import { WRITER_LOCK_KEY, WriterLockTakenError } from './sink/writer-lock.js';

const blocks = preprodChunkBlocks();

const tipIs = (running: { store: ChainStore }, block: OgmiosBlock) => () =>
  running.store.tipPoint?.id === block.id;

describe('indexer following a devnet through Ogmios chain-sync', () => {
  it('indexes 864 real preprod blocks, then follows a fork and a restart', async () => {
    const first = blocks.slice(0, 800);
    const env = await indexedDevnet(first);
    try {
      await waitUntil(tipIs(env.running, first.at(-1)!), 60_000, 'initial sync');
      expect(await dumpChainTables(env.db.url)).toEqual(await preprodReferenceTables(first, env.devnet.url));

      // Blocks arriving at the tip are written one by one.
      for (const block of blocks.slice(800, 820)) env.devnet.appendBlock(block);
      await waitUntil(tipIs(env.running, blocks[819]!), 30_000, 'blocks at the tip');

      // A switch to another branch 15 blocks deep (real blocks only link one way, so the branch
      // re-adds the same blocks and goes further): the indexer rolls back, then rolls forward.
      const forkPoint = blocks[804]!;
      env.devnet.fork({ slot: forkPoint.slot!, id: forkPoint.id }, blocks.slice(805, 840));
      await waitUntil(tipIs(env.running, blocks[839]!), 30_000, 'fork');
      expect((await env.running.metrics.rollbacks.get()).values[0]!.value).toBe(1);

      // Restart: resumes from the stored tip, no block lost or doubled.
      await env.restart();
      for (const block of blocks.slice(840)) env.devnet.appendBlock(block);
      await waitUntil(tipIs(env.running, blocks.at(-1)!), 30_000, 'sync after restart');
      expect(await dumpChainTables(env.db.url)).toEqual(await preprodReferenceTables(blocks, env.devnet.url));
    } finally {
      await env.close();
    }
  });

  it('drops token-registry jobs left in Redis when no registry is configured', async () => {
    const queuePrefix = `leftover-${process.pid}-${Date.now()}`;
    const queue = new Queue(QUEUES.tokenRegistry, {
      connection: redisConnection(testRedisUrl()),
      prefix: queuePrefix,
    });
    try {
      await queue.add('subject', { kind: 'subject', subject: 'ab'.repeat(28) });
      const env = await indexedDevnet(blocks.slice(0, 10), 'preprod', {
        queuePrefix,
        tokenRegistryUrl: null,
      });
      await env.close();
      const counts = await queue.getJobCounts();
      expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  // What a PostgreSQL restart does to every session (57P01 admin_shutdown), here to the lock's alone.
  const terminateLockSession = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE application_name = 'frostline-indexer-lock' AND datname = current_database()`;

  it('retakes the writer lock in place when its session is terminated, and keeps syncing', async () => {
    const chain = blocks.slice(0, 200);
    const env = await indexedDevnet(chain.slice(0, 100));
    const admin = new pg.Client({ connectionString: env.db.url });
    await admin.connect();
    try {
      await waitUntil(tipIs(env.running, chain[99]!), 60_000, 'initial sync');
      const lockHolders = async () =>
        (
          await admin.query<{ pid: number }>(
            `SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a USING (pid)
             WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'frostline-indexer-lock'
               AND a.datname = current_database()`,
          )
        ).rows.map((row) => row.pid);
      const [before] = await lockHolders();
      await admin.query(terminateLockSession);
      await waitUntil(
        async () => (await lockHolders()).some((pid) => pid !== before),
        10_000,
        'the lock retaken',
      );

      for (const block of chain.slice(100)) env.devnet.appendBlock(block);
      await waitUntil(tipIs(env.running, chain.at(-1)!), 60_000, 'sync after the lock was retaken');
      expect(await dumpChainTables(env.db.url)).toEqual(await preprodReferenceTables(chain, env.devnet.url));
    } finally {
      await admin.end();
      await env.close();
    }
  });

  it('stops with WriterLockTakenError when another writer took the lock while it was lost', async () => {
    const env = await indexedDevnet(blocks.slice(0, 10));
    const other = new pg.Client({ connectionString: env.db.url });
    await other.connect();
    try {
      await waitUntil(tipIs(env.running, blocks[9]!), 60_000, 'initial sync');
      // The other session waits for the lock and gets it as the terminated session ends.
      await other.query(
        `SELECT pg_advisory_lock(${WRITER_LOCK_KEY}) FROM (${terminateLockSession}) terminated`,
      );
      await expect(env.running.done).rejects.toThrow(WriterLockTakenError);
    } finally {
      await other.end();
      await env.close();
    }
  });

  it('refuses to start a second writer on the same database', async () => {
    const env = await indexedDevnet(blocks.slice(0, 10));
    try {
      await expect(startIndexer(indexerConfig(env.db.url, env.devnet.url), silentLogger)).rejects.toThrow(
        WriterLockTakenError,
      );
    } finally {
      await env.close();
    }
  });
});

describe('indexer /metrics, /health and /ready', () => {
  async function freePort(): Promise<number> {
    const { createServer } = await import('node:net');
    return new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  }

  it('reports progress and readiness once synced, and not ready before the node tip is known', async () => {
    const chain = blocks.slice(0, 50);
    const port = await freePort();
    const env = await indexedDevnet(chain, 'preprod', { metricsPort: port });
    try {
      await waitUntil(tipIs(env.running, chain.at(-1)!), 60_000, 'sync');
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toContain(`indexer_block_height ${chain.at(-1)!.height}`);
      expect(metrics).toMatch(/indexer_blocks_total 50\b/);
      expect(metrics).toMatch(/indexer_batch_seconds_count\{phase="database"\} \d+/);
      expect(metrics).toContain('indexer_rollbacks_total 0');
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { ready: true, database: 'up', redis: 'up', lagSlots: 0 },
      ]);
    } finally {
      await env.close();
    }

    const empty = await indexedDevnet([], 'preprod', { metricsPort: port });
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        503,
        { ready: false, database: 'up', redis: 'up', lagSlots: null },
      ]);
    } finally {
      await empty.close();
    }
  });
});
