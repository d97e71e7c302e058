import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { freePort, startEmbeddedPostgres, startRedis } from '../../../scripts/lib/services.mjs';
import { startIndexer, type RunningIndexer } from './app.js';
import type { IndexerConfig } from './config.js';
import { dumpChainTables } from './test-support/compare-databases.js';
import { generate, type GeneratedChain } from './test-support/generated.js';
import { indexerConfig, silentLogger, waitUntil } from './test-support/indexer.js';

// PostgreSQL and Redis restarted under a syncing indexer, for real: each test runs its own server
// (the shared test servers stay up), stops it mid-sync and starts it again on the same port and data.
// The indexer must carry on in place and end with exactly the rows of an uninterrupted run.
const SEED = Number(process.env.TEST_SEED ?? 14);
const OUTAGE_MS = 1500;
// The chain's forks make rollbacks run across the restarts.
const BLOCK_INTERVAL_MS = 40;

let chain: GeneratedChain;
let uninterrupted: Record<string, string[]>;

const atTip = (running: RunningIndexer) => () => running.store.tipPoint?.id === chain.expected.tip.id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chainConfig(databaseUrl: string, devnet: Devnet, overrides: Partial<IndexerConfig> = {}) {
  return indexerConfig(databaseUrl, devnet.url, { network: 'custom', batchSize: 20, ...overrides });
}

/** A devnet replaying the chain block by block, so that a restart falls mid-sync. */
function replayingDevnet(): Promise<Devnet> {
  return startDevnet({
    chain: { file: chain.file },
    network: 'custom',
    port: 0,
    blockInterval: BLOCK_INTERVAL_MS,
  });
}

/** Whether `done` settled: it only does when chain following ends, which a restart must not cause. */
function watchEnd(running: RunningIndexer): () => unknown {
  let ended: unknown = null;
  running.done.then(
    () => (ended = 'stopped'),
    (error: unknown) => (ended = error),
  );
  return () => ended;
}

beforeAll(async () => {
  chain = await generate({ seed: SEED, blocks: 90, txPerBlock: 3, forks: 3, maxForkDepth: 3 });
  const db = await createTestDatabase();
  const devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port: 0 });
  const running = await startIndexer(chainConfig(db.url, devnet), silentLogger);
  try {
    await waitUntil(atTip(running), 90_000, 'the uninterrupted sync');
    uninterrupted = await dumpChainTables(db.url);
  } finally {
    await running.stop();
    await devnet.close();
    await db.drop();
  }
}, 150_000);

afterEach(function () {
  // Another seed reproduces another chain: TEST_SEED=<n>.
  if (expect.getState().assertionCalls !== expect.getState().numPassingAsserts)
    console.log(`dependency-restarts seed: ${SEED}`);
});

describe.each(['fast', 'immediate'] as const)('a PostgreSQL %s shutdown mid-sync', (mode) => {
  it('is survived in place: the same indexer reaches the tip with the rows of an uninterrupted run', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-restart-pg-'));
    const port = await freePort();
    let postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
    await applyMigrations(postgres.url);
    const devnet = await replayingDevnet();
    const running = await startIndexer(chainConfig(postgres.url, devnet), silentLogger);
    const ended = watchEnd(running);
    try {
      await waitUntil(() => (running.store.tipHeight ?? 0) >= 30, 30_000, 'the sync to get going');
      await (mode === 'fast' ? postgres.stop() : postgres.stopImmediately());
      await sleep(OUTAGE_MS);
      postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });

      await waitUntil(atTip(running), 60_000, 'the tip after the restart');
      expect(ended()).toBeNull();
      expect(await dumpChainTables(postgres.url)).toEqual(uninterrupted);
    } finally {
      await running.stop();
      await devnet.close();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a Redis restart mid-sync', () => {
  it('is survived in place: rollback jobs still run and the rows equal an uninterrupted run', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-restart-redis-'));
    const port = await freePort();
    let redis = await startRedis({ dir, port, persistent: true });
    const db = await createTestDatabase();
    const devnet = await replayingDevnet();
    const running = await startIndexer(chainConfig(db.url, devnet, { redisUrl: redis.url }), silentLogger);
    const ended = watchEnd(running);
    try {
      await waitUntil(() => (running.store.tipHeight ?? 0) >= 30, 30_000, 'the sync to get going');
      await redis.stop();
      await sleep(OUTAGE_MS);
      redis = await startRedis({ dir, port, persistent: true });

      await waitUntil(atTip(running), 60_000, 'the tip after the restart');
      expect(ended()).toBeNull();
      expect(await dumpChainTables(db.url)).toEqual(uninterrupted);
    } finally {
      await running.stop();
      await devnet.close();
      await redis.stop();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
