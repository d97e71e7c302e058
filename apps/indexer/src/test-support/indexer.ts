import { randomBytes } from 'node:crypto';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { pino } from 'pino';
import { startIndexer, type RunningIndexer } from '../app.js';
import type { IndexerConfig } from '../config.js';

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run the tests with `npm test`, which starts Redis');
  return url;
}

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export function indexerConfig(
  databaseUrl: string,
  ogmiosUrl: string,
  overrides: Partial<IndexerConfig> = {},
): IndexerConfig {
  return {
    databaseUrl,
    redisUrl: testRedisUrl(),
    ogmiosUrl: new URL(ogmiosUrl),
    network: 'preprod',
    startPoint: 'origin',
    batchSize: 100,
    batchTransactions: 20_000,
    tokenRegistryUrl: null,
    tokenRegistryRefreshMs: 3600_000,
    // Generated chains register oracles, pools and DReps (anchors) at made-up public URLs: tests fetch none.
    nutlinkMetadataRefreshMs: 0,
    poolMetadataRefreshMs: 0,
    governanceAnchorRefreshMs: 0,
    offChainFetchAllowPrivate: false,
    logLevel: 'silent',
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    readyMaxLagSlots: 600,
    queuePrefix: `test-${randomBytes(4).toString('hex')}`,
    inProcessWorkers: true,
    allowMissingTxCbor: false,
    ...overrides,
  };
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A database, a devnet serving `blocks`, and an indexer following it, each torn down by `close`. */
export async function indexedDevnet(
  blocks: object[],
  network: 'preprod' | 'custom' = 'preprod',
  overrides: Partial<IndexerConfig> = {},
) {
  const db: TestDatabase = await createTestDatabase();
  const devnet: Devnet = await startDevnet({ chain: { blocks }, network, port: 0 });
  const config = indexerConfig(db.url, devnet.url, { network, ...overrides });
  let running: RunningIndexer = await startIndexer(config, silentLogger);
  return {
    db,
    devnet,
    config,
    get running() {
      return running;
    },
    async restart() {
      await running.stop();
      running = await startIndexer(config, silentLogger);
    },
    async close() {
      await running.stop();
      await devnet.close();
      await db.drop();
    },
  };
}
