import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { sha256Hex } from '../src/config.js';
import { endpointName, UsageCounts, USAGE_DAYS } from '../src/metrics/usage-counts.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed, EPOCH_1_BLOCK } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig, testRedisUrl, TOKEN } from './support/test-app.js';

// Blockfrost's usage paths: each project's calls per UTC day and per endpoint, counted in Redis.

const OTHER_TOKEN = 'mainnetOtherProjectToken987654321';
const DAY = 86_400;
const todayStart = () => Math.floor(Date.now() / 1000 / DAY) * DAY;

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let redis: Redis;
const apps: NestFastifyApplication[] = [];

async function app(usagePrefix: string) {
  const api = await startApp(
    testConfig(db.database, {
      RATE_LIMIT_ENABLED: 'false',
      API_TOKENS: `${TOKEN},${OTHER_TOKEN}`,
      API_USAGE_REDIS_PREFIX: usagePrefix,
    }),
  );
  apps.push(api);
  return api;
}

const newPrefix = () => `test:${randomBytes(6).toString('hex')}:usage:`;

beforeAll(async () => {
  db = await openTestDatabase();
  await new ChainSeed(db.sql).block(EPOCH_1_BLOCK);
  redis = new Redis(testRedisUrl());
});

afterAll(async () => {
  await Promise.all(apps.map((api) => api.close()));
  await redis.quit();
  await db.close();
});

describe('GET /metrics and /metrics/endpoints', () => {
  it("counts the calling project's calls by route pattern, both bases as one, in Blockfrost's shapes", async () => {
    const prefix = newPrefix();
    const api = await app(prefix);
    const statuses = [];
    for (const url of [
      '/api/v0/blocks/epoch/1/slot/100',
      '/blocks/epoch/1/slot/100',
      '/api/v0/blocks/epoch/1/slot/7',
      '/api/v0/blocks/epoch/x/slot/7',
      `/api/v0/blocks/${'b1'.repeat(32)}`,
      '/api/v0/blocks/10',
    ])
      statuses.push((await get(api, url)).status);
    // Neither a made-up path nor a refused token counts, nor another project's call.
    statuses.push((await get(api, '/api/v0/no/such/route')).status);
    statuses.push((await get(api, '/api/v0/blocks/10', { project_id: 'wrong' })).status);
    statuses.push((await get(api, '/api/v0/blocks/10', { project_id: OTHER_TOKEN })).status);
    expect(statuses).toEqual([200, 200, 404, 400, 200, 200, 400, 403, 200]);

    const perDay = await get(api, '/api/v0/metrics');
    expect(perDay.status).toBe(200);
    expect(schemaErrors('/metrics', 200, perDay.body)).toEqual([]);
    const today = todayStart();
    expect(perDay.body).toEqual(
      Array.from({ length: USAGE_DAYS }, (_, i) => ({
        time: today - (USAGE_DAYS - 1 - i) * DAY,
        calls: i === USAGE_DAYS - 1 ? 6 : 0,
      })),
    );

    // The /metrics call just made counts too; endpoints are ordered by name within the day.
    const perEndpoint = await get(api, '/metrics/endpoints');
    expect(perEndpoint.status).toBe(200);
    expect(schemaErrors('/metrics/endpoints', 200, perEndpoint.body)).toEqual([]);
    expect(perEndpoint.body).toEqual([
      { time: today, calls: 4, endpoint: '/blocks/epoch/{epoch_number}/slot/{slot_number}' },
      { time: today, calls: 2, endpoint: '/blocks/{hash_or_number}' },
      { time: today, calls: 1, endpoint: '/metrics' },
    ]);

    const other = await get(api, '/metrics/endpoints', { project_id: OTHER_TOKEN });
    expect(other.body).toEqual([{ time: today, calls: 1, endpoint: '/blocks/{hash_or_number}' }]);

    // One hash per project and day, its fields the endpoints called, expiring after the window.
    const keys = (await redis.keys(`${prefix}*`)).sort();
    expect(keys).toEqual(
      [sha256Hex(TOKEN), sha256Hex(OTHER_TOKEN)].map((project) => `${prefix}${project}:${today}`).sort(),
    );
    const ttl = await redis.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan((USAGE_DAYS - 1) * DAY);
    expect(ttl).toBeLessThanOrEqual((USAGE_DAYS + 1) * DAY);
  });

  it('keeps the counts across a restart of the API', async () => {
    const prefix = newPrefix();
    const first = await app(prefix);
    expect((await get(first, '/api/v0/blocks/10')).status).toBe(200);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const second = await app(prefix);
    expect((await get(second, '/api/v0/metrics/endpoints')).body).toEqual([
      { time: todayStart(), calls: 1, endpoint: '/blocks/{hash_or_number}' },
    ]);
  });

  it("answers Blockfrost's 403 without a valid token", async () => {
    const api = await app(newPrefix());
    for (const url of ['/api/v0/metrics', '/api/v0/metrics/endpoints']) {
      const response = await get(api, url, {});
      expect([response.status, schemaErrors('/metrics', 403, response.body)]).toEqual([403, []]);
    }
  });
});

describe('UsageCounts', () => {
  it('names an endpoint by its route pattern as the spec writes the path, at either base', () => {
    expect(
      [
        '/api/v0/addresses/:address/utxos/:asset',
        '/addresses/:address/utxos/:asset',
        '/api/v0',
        '/api/v0/',
        '/',
      ].map(endpointName),
    ).toEqual(['/addresses/{address}/utxos/{asset}', '/addresses/{address}/utxos/{asset}', '/', '/', '/']);
  });

  it('counts each UTC day apart and shows only the last 30 days, today included', async () => {
    const prefix = newPrefix();
    let now = Date.UTC(2026, 0, 1, 23, 59, 59);
    const usage = new UsageCounts(redis, prefix, pino({ level: 'silent' }), () => now);
    const first = Date.UTC(2026, 0, 1) / 1000;
    usage.record('p', '/api/v0/blocks/latest');
    now += 1000;
    usage.record('p', '/blocks/latest');
    usage.record('p', '/api/v0/txs/:hash');

    const perDay = await usage.perDay('p');
    expect(perDay.slice(-3)).toEqual([
      { time: first - DAY, calls: 0 },
      { time: first, calls: 1 },
      { time: first + DAY, calls: 2 },
    ]);
    expect(await usage.perEndpoint('p')).toEqual([
      { time: first, calls: 1, endpoint: '/blocks/latest' },
      { time: first + DAY, calls: 1, endpoint: '/blocks/latest' },
      { time: first + DAY, calls: 1, endpoint: '/txs/{hash}' },
    ]);

    // 29 days later the first day is the window's oldest; a day later it has left it.
    now = Date.UTC(2026, 0, 30, 12);
    expect((await usage.perDay('p'))[0]).toEqual({ time: first, calls: 1 });
    now = Date.UTC(2026, 0, 31, 12);
    expect((await usage.perDay('p')).map(({ calls }) => calls).reduce((a, b) => a + b)).toBe(2);
    expect((await usage.perEndpoint('p'))[0]!.time).toBe(first + DAY);
    await usage.close();
  });

  it('adds each call to Redis once, and keeps the calls Redis did not take for the next flush', async () => {
    const prefix = newPrefix();
    const offline = new Redis(testRedisUrl(), { lazyConnect: true, enableOfflineQueue: false });
    const usage = new UsageCounts(offline, prefix, pino({ level: 'silent' }));
    try {
      usage.record('p', '/blocks/latest');
      await usage.flush();
      expect(await redis.keys(`${prefix}*`)).toEqual([]);

      // The refused command set the lazy connection connecting.
      if (offline.status !== 'ready') await once(offline, 'ready');
      usage.record('p', '/blocks/latest');
      await Promise.all([usage.flush(), usage.flush()]);
      await usage.flush();
      expect(await usage.perEndpoint('p')).toEqual([
        { time: todayStart(), calls: 2, endpoint: '/blocks/latest' },
      ]);
    } finally {
      await usage.close();
      await offline.quit();
    }
  });
});
