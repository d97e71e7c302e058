import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@frostline/db';
import { errorBody } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, startRedis } from '../../../scripts/lib/services.mjs';
import { ChainSeed, EPOCH_1_BLOCK } from './support/seed.js';
import { get, startApp, testConfig } from './support/test-app.js';

// PostgreSQL and Redis stopped and started again under a running API, for real (servers of this
// test's own): meanwhile every answer is a Blockfrost error body and /ready says not ready; after,
// the same app answers correctly again with nothing restarted on its side.
const BLOCK = '/api/v0/blocks/epoch/1/slot/100';

type Postgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;
type RedisServer = Awaited<ReturnType<typeof startRedis>>;

let dir: string;
let postgres: Postgres;
let redis: RedisServer;
let api: NestFastifyApplication;
let pgPort: number;
let redisPort: number;

const startPostgres = () => startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: pgPort });
const startOwnRedis = () => startRedis({ dir: path.join(dir, 'redis'), port: redisPort, persistent: true });

async function eventually<T>(
  check: () => Promise<T>,
  accept: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-api-restart-'));
  [pgPort, redisPort] = [await freePort(), await freePort()];
  [postgres, redis] = await Promise.all([startPostgres(), startOwnRedis()]);
  await applyMigrations(postgres.url);
  const sql = new pg.Client({ connectionString: postgres.url });
  await sql.connect();
  try {
    await new ChainSeed(sql).block(EPOCH_1_BLOCK);
    await sql.query(`INSERT INTO indexer_status (id, network, node_tip_slot) VALUES (1, 'mainnet', 432_100)`);
  } finally {
    await sql.end();
  }
  const database = { url: postgres.url, name: 'frostline', drop: async () => undefined };
  // Rate limiting on: its Redis calls are part of every request.
  api = await startApp(testConfig(database, { REDIS_URL: redis.url, RATE_LIMIT_ENABLED: 'true' }));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await Promise.all([redis?.stop(), postgres?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

it('answers Blockfrost errors while PostgreSQL and Redis are down, and recovers by itself', async () => {
  const before = await get(api, BLOCK);
  expect(before.status).toBe(200);
  expect((await get(api, '/ready', {})).status).toBe(200);

  await Promise.all([postgres.stop(), redis.stop()]);
  const started = Date.now();
  expect(await get(api, BLOCK)).toMatchObject({ status: 500, body: errorBody(500) });
  expect(await get(api, '/ready', {})).toMatchObject({
    status: 503,
    body: { ready: false, database: 'down', redis: 'down' },
  });
  expect((await get(api, '/health', {})).status).toBe(503);
  // Answered at once, not after connection timeouts.
  expect(Date.now() - started).toBeLessThan(10_000);

  [postgres, redis] = await Promise.all([startPostgres(), startOwnRedis()]);
  const after = await eventually(
    () => get(api, BLOCK),
    (response) => response.status === 200,
  );
  expect(after.body).toEqual(before.body);
  const ready = await eventually(
    () => get(api, '/ready', {}),
    (response) => response.status === 200,
  );
  expect(ready.body).toMatchObject({ ready: true, database: 'up', redis: 'up' });
}, 60_000);
