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

  it('never limits other clients', async () => {
    const api = await app(limits);
    for (let i = 0; i < 6; i++)
      await api.inject({
        method: 'GET',
        url: BLOCK,
        headers: { project_id: TOKEN },
        remoteAddress: '10.0.0.1',
      });
    const other = await api.inject({
      method: 'GET',
      url: BLOCK,
      headers: { project_id: TOKEN },
      remoteAddress: '10.0.0.2',
    });
    // The project bucket is shared by both IPs; the IP bucket of 10.0.0.2 is full.
    expect(other.statusCode).toBe(429);
    const anonymous = await api.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.3' });
    expect(anonymous.statusCode).toBe(200);
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
    // Lucid sends `lucid`, Evolution `b3` and `traceparent` and a JSON content type on GETs (PROVIDERS.md §2).
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
