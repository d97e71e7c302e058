import { setTimeout as delay } from 'node:timers/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sha256Hex } from '../src/config.js';
import { ProjectTokens } from '../src/common/project-tokens.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

const BLOCK = '/blocks/epoch/1/slot/1';
const FORBIDDEN = { error: 'Forbidden', message: 'Invalid project token.', status_code: 403 };
const OVER_LIMIT = { error: 'Project Over Limit', message: 'Usage is over limit.', status_code: 429 };
const BANNED = {
  error: 'Requested Banned',
  message: 'IP has been auto-banned for flooding.',
  status_code: 418,
};

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const apps: NestFastifyApplication[] = [];

async function app(env: Record<string, string> = {}) {
  const config = testConfig(db.database, env);
  const started = await startApp(config);
  apps.push(started);
  return started;
}

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((started) => started.close()));
  await db.close();
});

describe('project_id', () => {
  it('answers 403 without a token or with a wrong one, and serves with a configured one', async () => {
    const api = await app();
    for (const headers of [
      {} as Record<string, string>,
      { project_id: 'wrong' },
      { project_id: TOKEN.slice(0, -1) },
      { project_id: '' },
    ]) {
      const { status, body } = await get(api, BLOCK, headers);
      expect([status, body]).toEqual([403, FORBIDDEN]);
      expect(schemaErrors('/blocks/epoch/{epoch_number}/slot/{slot_number}', 403, body)).toEqual([]);
    }
    expect((await get(api, BLOCK)).status).toBe(404);
  });

  it('accepts tokens given as sha256 digests (API_TOKENS_FILE) and compares digests, never strings', () => {
    const tokens = new ProjectTokens([sha256Hex('alpha'), sha256Hex('beta')]);
    expect(tokens.projectOf('beta')).toBe(sha256Hex('beta'));
    expect(tokens.projectOf('alph')).toBeNull();
    expect(tokens.projectOf(['alpha'])).toBeNull();
    expect(tokens.projectOf(undefined)).toBeNull();
  });
});

describe('rate limits shared through Redis', () => {
  const limits = {
    RATE_LIMIT_BURST: '5',
    RATE_LIMIT_PER_SECOND: '0.001',
    RATE_LIMIT_BAN_AFTER: '3',
    RATE_LIMIT_BAN_SECONDS: '60',
  };

  it('enforces one bucket across two instances, sends rate-limit headers, then bans the flooding IP', async () => {
    // Two replicas of one deployment: same Redis, same key prefix.
    const prefix = `test:shared:${Date.now()}:`;
    const first = await app({ ...limits, RATE_LIMIT_REDIS_PREFIX: prefix });
    const second = await app({ ...limits, RATE_LIMIT_REDIS_PREFIX: prefix });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(i % 2 ? second : first, BLOCK)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    const limited = await get(second, BLOCK);
    expect([limited.status, limited.body]).toEqual([429, OVER_LIMIT]);
    expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(schemaErrors('/assets/{asset}', 429, limited.body)).toEqual([]);

    expect((await get(first, BLOCK)).status).toBe(429);
    const banned = await get(first, BLOCK); // third rejection: banned from now on
    expect(banned.status).toBe(429);
    const afterBan = await get(second, '/health', {});
    expect([afterBan.status, afterBan.body]).toEqual([418, BANNED]);
    expect(schemaErrors('/assets/{asset}', 418, afterBan.body)).toEqual([]);
  });

  /** A request with the shared project token from `ip`. */
  const fromIp = (api: NestFastifyApplication, ip: string) =>
    api
      .inject({ method: 'GET', url: BLOCK, headers: { project_id: TOKEN }, remoteAddress: ip })
      .then((response) => response.statusCode);

  it('a client draining a shared token is refused and banned; another client of the token is neither', async () => {
    const api = await app(limits);
    const drainer: number[] = [];
    const other: number[] = [];
    // The other client stays within its own IP's burst of 5 while the drainer floods beside it.
    for (let i = 0; i < 20; i++) {
      drainer.push(await fromIp(api, '10.0.0.1'));
      if (i % 5 === 0) other.push(await fromIp(api, '10.0.0.2'));
    }
    expect(drainer.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(drainer.slice(5, 8)).toEqual([429, 429, 429]); // the third 429 bans
    expect(new Set(drainer.slice(8))).toEqual(new Set([418]));
    expect(other).toEqual([404, 404, 404, 404]);
    const anonymous = await api.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.3' });
    expect(anonymous.statusCode).toBe(200);
  });

  it("a project's per-second quota refuses the token's clients with 429 but bans none of them", async () => {
    const api = await app({
      ...limits,
      RATE_LIMIT_BURST: '100',
      RATE_LIMIT_PROJECT_PER_SECOND: '0.001',
      RATE_LIMIT_PROJECT_BURST: '4',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await fromIp(api, i % 3 ? '10.0.1.1' : '10.0.1.2'));
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429, 429, 429, 429, 429]);
    const limited = await api.inject({
      method: 'GET',
      url: BLOCK,
      headers: { project_id: TOKEN },
      remoteAddress: '10.0.1.1',
    });
    expect([limited.statusCode, limited.json()]).toEqual([429, OVER_LIMIT]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Ban after 3 rejections, yet neither address is banned: /health without the token still answers.
    for (const remoteAddress of ['10.0.1.1', '10.0.1.2'])
      expect((await api.inject({ method: 'GET', url: '/health', remoteAddress })).statusCode).toBe(200);
  });

  it("a project's daily quota counts every client of the token and tells when the day ends", async () => {
    const api = await app({ ...limits, RATE_LIMIT_BURST: '100', RATE_LIMIT_PROJECT_PER_DAY: '3' });
    const statuses = [];
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3', '10.0.2.1', '10.0.2.2'])
      statuses.push(await fromIp(api, ip));
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const limited = await api.inject({
      method: 'GET',
      url: BLOCK,
      headers: { project_id: TOKEN },
      remoteAddress: '10.0.2.4',
    });
    const untilMidnight = 86_400 - Math.floor((Date.now() / 1000) % 86_400);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(untilMidnight + 1);
  });

  describe('the ban', () => {
    // 2 requests/s sustained after a burst of 2; banned at the 6th 429 unless 10 s pass without one.
    const banPolicy = {
      RATE_LIMIT_PER_SECOND: '2',
      RATE_LIMIT_BURST: '2',
      RATE_LIMIT_BAN_AFTER: '6',
      RATE_LIMIT_BAN_WINDOW_SECONDS: '10',
      RATE_LIMIT_BAN_SECONDS: '60',
    };

    /** Requests from one IP at a steady rate until the first 418 (or the time is up). */
    async function flood(api: NestFastifyApplication, ip: string, perSecond: number, limitMs: number) {
      const start = Date.now();
      const counts = { allowed: 0, overLimit: 0 };
      for (let i = 0; Date.now() - start < limitMs; i++) {
        await delay(Math.max(0, start + (i * 1000) / perSecond - Date.now()));
        const { statusCode } = await api.inject({ method: 'GET', url: '/health', remoteAddress: ip });
        if (statusCode === 418) return { ...counts, banned: true };
        if (statusCode === 429) counts.overLimit++;
        else counts.allowed++;
      }
      return { ...counts, banned: false };
    }

    // At each rate the burst is spent, then 429s come at (rate − 2)/s, far closer together than the ban window.
    // The flood gives up after a minute: far longer than the few seconds the slowest rate needs.
    it.each([4, 20, 200])(
      'bans a client flooding at %i requests/s, even though many of its requests get through',
      async (rate) => {
        const api = await app(banPolicy);
        const result = await flood(api, `198.51.100.${rate % 250}`, rate, 60_000);
        expect(result).toEqual({
          allowed: expect.any(Number),
          overLimit: 6, // the 6th 429 bans
          banned: true,
        });
      },
    );

    it('forgets 429s spaced further apart than the ban window', async () => {
      const api = await app({
        ...banPolicy,
        RATE_LIMIT_PER_SECOND: '0.001',
        RATE_LIMIT_BAN_AFTER: '2',
        RATE_LIMIT_BAN_WINDOW_SECONDS: '1',
      });
      const status = async () =>
        (await api.inject({ method: 'GET', url: '/health', remoteAddress: '198.51.100.99' })).statusCode;
      expect([await status(), await status()]).toEqual([200, 200]); // the burst
      for (let i = 0; i < 3; i++) {
        expect(await status()).toBe(429);
        await delay(1200);
      }
      expect([await status(), await status(), await status()]).toEqual([429, 429, 418]);
    });
  });

  describe('behind proxies (TRUST_PROXY)', () => {
    const VICTIM = '198.51.100.1';
    const CLIENT = '203.0.113.7';
    // Each proxy appends the address it received the request from; what the client sent comes first.
    const setups = [
      { trust: '1', proxy: '127.0.0.1' },
      { trust: '10.0.0.0/8, 127.0.0.1', proxy: '10.1.2.3' },
    ];

    const through = (api: NestFastifyApplication, proxy: string, forwardedFor: string) =>
      api
        .inject({
          method: 'GET',
          url: '/health',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': forwardedFor },
        })
        .then((response) => response.statusCode);

    it.each(setups)(
      'TRUST_PROXY=$trust: rotating X-Forwarded-For does not escape the limit',
      async ({ trust, proxy }) => {
        const api = await app({ ...limits, TRUST_PROXY: trust });
        const statuses = [];
        for (let i = 0; i < 7; i++) statuses.push(await through(api, proxy, `192.0.2.${i}, ${CLIENT}`));
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      },
    );

    it.each(setups)(
      'TRUST_PROXY=$trust: a flood naming a victim bans the flooder, not the victim',
      async ({ trust, proxy }) => {
        const api = await app({ ...limits, TRUST_PROXY: trust });
        for (let i = 0; i < 9; i++) await through(api, proxy, `${VICTIM}, ${CLIENT}`);
        expect(await through(api, proxy, `${VICTIM}, ${CLIENT}`)).toBe(418);
        expect(await through(api, proxy, VICTIM)).toBe(200);
      },
    );

    it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
      const api = await app({ ...limits, TRUST_PROXY: '10.0.0.0/8' });
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push(await through(api, CLIENT, `192.0.2.${i}`));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    });

    it.each([
      ['true', /TRUST_PROXY true would trust the client-written X-Forwarded-For/],
      [
        '10.0.0.0/33',
        /TRUST_PROXY must be false, a number of proxies, or proxy addresses\/CIDRs, got "10.0.0.0\/33"/,
      ],
      ['proxy.local', /got "proxy.local"/],
    ])('refuses TRUST_PROXY=%s', (value, message) => {
      expect(() => testConfig(db.database, { TRUST_PROXY: value })).toThrow(message);
    });
  });

  it('fails open when Redis is unreachable', async () => {
    const api = await app({ ...limits, REDIS_URL: 'redis://127.0.0.1:1' });
    for (let i = 0; i < 7; i++) expect((await get(api, BLOCK)).status).toBe(404);
  });
});

describe('CORS for browser dApps', () => {
  const preflight = (api: NestFastifyApplication, origin: string, method: string, headers: string) =>
    api.inject({
      method: 'OPTIONS',
      url: '/api/v0/tx/submit',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('answers preflights for any origin by default, with the headers the providers send, without a token', async () => {
    const api = await app();
    // Lucid sends `lucid`, Evolution `b3` and `traceparent` and a JSON content type on GETs
    // (docs/contract.md#what-client-libraries-send).
    const response = await preflight(
      api,
      'http://localhost:5173',
      'POST',
      'project_id,content-type,lucid,b3,traceparent',
    );
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/GET.*POST|POST.*GET/);
    expect(response.headers['access-control-allow-headers']).toBe(
      'project_id,content-type,lucid,b3,traceparent',
    );
    const actual = await get(api, BLOCK, { project_id: TOKEN, origin: 'http://localhost:5173' });
    expect(actual.headers['access-control-allow-origin']).toBe('*');
  });

  it('allows only the configured origins when CORS_ORIGINS lists them', async () => {
    const api = await app({ CORS_ORIGINS: 'https://app.example, http://localhost:5173' });
    const allowed = await preflight(api, 'https://app.example', 'GET', 'project_id');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const other = await preflight(api, 'https://evil.example', 'GET', 'project_id');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', () => {
    expect(() => testConfig(db.database, { CORS_ORIGINS: 'https://app.example/path' })).toThrow(
      'CORS_ORIGINS must be * or origins like https://app.example, got "https://app.example/path"',
    );
  });
});
