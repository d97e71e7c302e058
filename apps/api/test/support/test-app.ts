import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../../src/app.js';
import { loadConfig, type ApiConfig } from '../../src/config.js';
import { schemaErrors } from './openapi-schemas.js';
import { ChainSeed } from './seed.js';

export const TOKEN = 'mainnetTestProjectToken0123456789';

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run the tests with `npm test`, which starts Redis');
  return url;
}

/**
 * A configuration as main.ts would load it, with a Redis key prefix no other test shares and no metrics
 * server (tests that scrape give API_METRICS_PORT).
 */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): ApiConfig {
  const run = randomBytes(6).toString('hex');
  return loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    API_TOKENS: TOKEN,
    NETWORK: 'mainnet',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_REDIS_PREFIX: `test:${run}:`,
    API_USAGE_REDIS_PREFIX: `test:${run}:usage:`,
    API_METRICS_PORT: '0',
    ...env,
  });
}

export interface TestContext {
  database: TestDatabase;
  /** For seeding rows the way the indexer writes them. */
  sql: pg.Client;
}

/** A fresh migrated database and a client to seed it; call close() in afterAll. */
export async function openTestDatabase(): Promise<TestContext & { close(): Promise<void> }> {
  const database = await createTestDatabase();
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  return {
    database,
    sql,
    async close() {
      await sql.end();
      await database.drop();
    },
  };
}

export async function startApp(config: ApiConfig): Promise<NestFastifyApplication> {
  return createApp(config, { logger: pino({ level: 'silent' }) });
}

/**
 * The API over a fresh test database that `fill` seeds first, started before the file's tests and closed (with the
 * database) after them. Its fields are set once the hook runs: `seed` and `db` before `fill`, `app` after.
 */
export function seededApp(fill: (seed: ChainSeed, db: TestContext) => Promise<void>): {
  app: NestFastifyApplication;
  db: TestContext;
  seed: ChainSeed;
} {
  const started = {} as { app: NestFastifyApplication; db: TestContext; seed: ChainSeed };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await openTestDatabase();
    close = db.close;
    started.db = db;
    started.seed = new ChainSeed(db.sql);
    await fill(started.seed, db);
    started.app = await startApp(testConfig(db.database));
  }, 120_000);
  afterAll(async () => {
    await started.app?.close();
    await close?.();
  });
  return started;
}

/** What `call` rejects with, or null when it resolves. */
export async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => null,
    (error: unknown) => error,
  );
}

/** A port nothing listens on right now (the OS's next free one). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** GET through Fastify's inject (no socket) with the project token unless told otherwise. */
export async function get(
  app: NestFastifyApplication,
  url: string,
  headers: Record<string, string> = { project_id: TOKEN },
) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * GET `url` twice, the second answered from what the first left in memory: both 200 with the JSON content type
 * and the same body; the body parsed.
 */
export async function getTwiceAlike(app: NestFastifyApplication, url: string): Promise<unknown> {
  const first = await app.inject({ method: 'GET', url, headers: { project_id: TOKEN } });
  const again = await app.inject({ method: 'GET', url, headers: { project_id: TOKEN } });
  for (const response of [first, again]) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  }
  expect(again.body).toBe(first.body);
  return first.json();
}

/** {@link get}, expecting the body to match the spec's schema for `endpoint` and the status answered. */
export async function getValid(app: NestFastifyApplication, endpoint: string, url: string) {
  const response = await get(app, url);
  expect({ url, errors: schemaErrors(endpoint, response.status, response.body) }).toEqual({
    url,
    errors: [],
  });
  return response;
}

/** blockfrost-js against `app`, listening on a free port: no client-side limiter and no retries, one request a call. */
export async function blockfrostClient(app: NestFastifyApplication): Promise<BlockFrostAPI> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as AddressInfo;
  return new BlockFrostAPI({
    customBackend: `http://127.0.0.1:${port}/api/v0`,
    projectId: TOKEN,
    rateLimiter: false,
    retrySettings: { limit: 0 } as never,
  });
}
