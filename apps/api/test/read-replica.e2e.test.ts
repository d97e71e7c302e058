import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@frostline/db';
import { withConnection } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { startIndexer } from '@frostline/indexer/app';
import { generate, type GeneratedChain } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  copyStoppedPrimary,
  freePort,
  startEmbeddedPostgres,
  startStandby,
} from '../../../scripts/lib/services.mjs';
import { loadConfig } from '../src/config.js';
import { get, startApp, testRedisUrl, TOKEN } from './support/test-app.js';

// docs/deployment.md's read replica, for real: a PostgreSQL primary and a streaming replica of it (both
// embedded, on loopback ports of their own), a chain indexed into the primary, and the API reading the
// replica through DATABASE_READ_URL.

interface Server {
  url: string;
  stop(): Promise<void>;
}

let dir: string;
let primary: Server;
let replica: Server;
let devnet: Devnet;
let chain: GeneratedChain;
let app: NestFastifyApplication;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'frostline-replica-'));
  const primaryDir = path.join(dir, 'primary');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const startPrimary = () => startEmbeddedPostgres({ dir: primaryDir, port: primaryPort });
  primary = await startPrimary();
  await primary.stop();
  copyStoppedPrimary({ primaryDir, primaryPort, dir: path.join(dir, 'replica') });
  primary = await startPrimary();
  replica = await startStandby({ dir: path.join(dir, 'replica'), port: replicaPort, database: 'frostline' });

  await applyMigrations(primary.url);
  chain = await generate({ seed: 5, blocks: 60, txPerBlock: 3, forks: 2, maxForkDepth: 2 });
  devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port: 0 });
  const indexer = await startIndexer(
    indexerConfig(primary.url, devnet.url, { network: 'custom', batchSize: 40 }),
    silentLogger,
  );
  try {
    await waitUntil(() => indexer.store.tipPoint?.id === chain.expected.tip.id, 120_000, 'sync to the tip');
  } finally {
    await indexer.stop();
  }
  app = await startApp(
    loadConfig({
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      REDIS_URL: testRedisUrl(),
      API_TOKENS: TOKEN,
      NETWORK: 'custom',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      API_READY_MAX_REPLICATION_LAG_SECONDS: '1',
      RATE_LIMIT_REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      API_METRICS_PORT: '0',
    }),
  );
}, 240_000);

afterAll(async () => {
  await app?.close();
  await devnet?.close();
  await replica?.stop();
  await primary?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const query = (server: Server, sql: string) => withConnection(server.url, (client) => client.query(sql));

const ready = async () => (await get(app, '/ready', {})).body;

/** Until the replica has replayed everything the primary wrote so far. */
const caughtUp = () =>
  waitUntil(
    async () => {
      const { replication } = await ready();
      return replication?.unreplayedBytes === 0 && replication.lagSeconds === 0;
    },
    30_000,
    'the replica to catch up',
  );

it('serves the chain indexed into the primary from the replica', async () => {
  await caughtUp();
  const tip = chain.expected.blocks.at(-1)!;
  const { status, body } = await get(app, '/api/v0/blocks/latest');
  expect([status, body.hash, body.height, body.slot]).toEqual([200, tip.hash, tip.height, tip.slot]);
});

it('reports on /ready how far the replica is behind, and answers what the replica has replayed', async () => {
  await caughtUp();
  const before = await ready();
  expect(before).toMatchObject({ ready: true, replication: { lagSeconds: 0, unreplayedBytes: 0 } });

  // The replica keeps receiving WAL but applies none of it: a replica falling behind.
  await query(replica, 'SELECT pg_wal_replay_pause()');
  try {
    await query(primary, 'UPDATE indexer_status SET node_tip_slot = node_tip_slot + 1000');
    await waitUntil(async () => (await ready()).replication.unreplayedBytes > 0, 30_000, 'WAL to arrive');
    const behind = await ready();
    // The primary's write is not visible through the API: it reads the replica.
    expect(behind.lagSlots).toBe(before.lagSlots);
    expect(behind.replication.lagSeconds).toBeGreaterThan(0);
    // Older than API_READY_MAX_REPLICATION_LAG_SECONDS: out of rotation, although its slots look current.
    await waitUntil(async () => (await ready()).replication.lagSeconds > 1, 30_000, 'a lag over 1 s');
    const stale = await get(app, '/ready', {});
    expect([stale.status, stale.body.ready, stale.body.lagSlots]).toEqual([503, false, before.lagSlots]);
  } finally {
    await query(replica, 'SELECT pg_wal_replay_resume()');
  }

  await caughtUp();
  // Current again; 1000 slots behind the node's tip now (the write above), so it fails on that instead.
  expect(await ready()).toMatchObject({
    replication: { lagSeconds: 0, unreplayedBytes: 0 },
    lagSlots: before.lagSlots + 1000,
  });
});
