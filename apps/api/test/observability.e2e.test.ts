import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorBody } from '@frostline/model';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { ChainSeed, EPOCH_1_BLOCK } from './support/seed.js';
import {
  freePort,
  get,
  openTestDatabase,
  startApp,
  testConfig,
  testRedisUrl,
  TOKEN,
} from './support/test-app.js';

// Operations: Prometheus metrics, readiness, request-id logs, and the built program's configuration
// errors and graceful shutdown.

const BLOCK = '/api/v0/blocks/epoch/1/slot/100';
const BLOCK_ROUTE = '/api/v0/blocks/epoch/:epoch_number/slot/:slot_number';
/** Nothing listens there: a database or Redis that is down. */
const DOWN_DATABASE = 'postgresql://postgres:postgres@127.0.0.1:1/postgres';
const DOWN_REDIS = 'redis://127.0.0.1:1';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const apps: NestFastifyApplication[] = [];

async function app(env: Record<string, string> = {}) {
  const api = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false', ...env }));
  apps.push(api);
  return api;
}

/** The indexer's view of the node: its tip slot, next to the newest indexed block (slot 432_100). */
async function setNodeTip(slot: number | null) {
  await db.sql.query(
    `INSERT INTO indexer_status (id, network, node_tip_slot) VALUES (1, 'mainnet', $1)
     ON CONFLICT (id) DO UPDATE SET node_tip_slot = $1`,
    [slot],
  );
}

beforeAll(async () => {
  db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.block(EPOCH_1_BLOCK);
});

afterAll(async () => {
  await Promise.all(apps.map((api) => api.close()));
  await db.close();
});

/** The value of one sample line of a Prometheus text exposition, undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (wanted.every(([key, value]) => have[key] === value) && Object.keys(have).length === wanted.length)
      return Number(match[3]);
  }
  return undefined;
}

/** An app with its metrics server on a free loopback port, and a scrape of it. */
async function appWithMetrics(env: Record<string, string> = {}) {
  const port = await freePort();
  const api = await app({ ...env, API_METRICS_PORT: String(port) });
  return { api, scrape: () => fetch(`http://127.0.0.1:${port}/metrics`) };
}

describe('GET /metrics on the metrics server', () => {
  it('counts requests by route pattern and status, times them per route, and exposes process metrics', async () => {
    const { api, scrape } = await appWithMetrics();
    expect((await get(api, BLOCK)).status).toBe(200);
    expect((await get(api, '/api/v0/blocks/epoch/1/slot/7')).status).toBe(404);
    expect((await get(api, '/api/v0/blocks/epoch/x/slot/7')).status).toBe(400);
    expect((await get(api, '/no/such/route')).status).toBe(400);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const requests = (route: string, status: string) =>
      sample(text, 'api_http_requests_total', { method: 'GET', route, status_code: status });
    expect([
      requests(BLOCK_ROUTE, '200'),
      requests(BLOCK_ROUTE, '404'),
      requests(BLOCK_ROUTE, '400'),
    ]).toEqual([1, 1, 1]);
    // Unknown URLs share one series, so scanners cannot grow the metrics without bound.
    expect(requests('(unmatched)', '400')).toBe(1);
    expect(text).not.toContain('/no/such/route');
    expect(
      sample(text, 'api_http_request_duration_seconds_count', { method: 'GET', route: BLOCK_ROUTE }),
    ).toBe(3);
    expect(
      sample(text, 'api_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: BLOCK_ROUTE,
        le: '+Inf',
      }),
    ).toBe(3);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("is not on the data port, where /metrics is Blockfrost's usage path of the calling project", async () => {
    const { api } = await appWithMetrics();
    for (const url of ['/metrics', '/api/v0/metrics', '/metrics/endpoints']) {
      const response = await api.inject({ method: 'GET', url, headers: { project_id: TOKEN } });
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        200,
        'application/json; charset=utf-8',
      ]);
      expect(Array.isArray(response.json())).toBe(true);
      expect(response.body).not.toContain('api_http_requests_total');
    }
  });

  it('counts rate-limit rejections and bans', async () => {
    const { api, scrape } = await appWithMetrics({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_BURST: '2',
      RATE_LIMIT_PER_SECOND: '0.001',
      RATE_LIMIT_BAN_AFTER: '2',
      RATE_LIMIT_BAN_SECONDS: '60',
    });
    // Two allowed, two over the limit (the second bans the IP), one refused while banned.
    expect(
      await Promise.all([1, 2, 3, 4, 5].map(async () => (await get(api, BLOCK)).status)).then((s) =>
        s.sort(),
      ),
    ).toEqual([200, 200, 418, 429, 429]);
    const text = await (await scrape()).text();
    expect(sample(text, 'api_rate_limit_rejections_total', { outcome: 'over-limit' })).toBe(2);
    expect(sample(text, 'api_rate_limit_rejections_total', { outcome: 'banned' })).toBe(1);
    expect(sample(text, 'api_rate_limit_bans_total')).toBe(1);
  });
});

describe('GET /ready', () => {
  afterEach(() => setNodeTip(null));

  it('is ready when the database and Redis answer and the indexer is within the allowed lag', async () => {
    await setNodeTip(432_100 + 600);
    const ready = await get(await app(), '/ready', {});
    expect([ready.status, ready.body]).toEqual([
      200,
      { ready: true, database: 'up', redis: 'up', lagSlots: 600, replication: null },
    ]);
  });

  it('is not ready when the newest block is further behind the node than API_READY_MAX_LAG_SLOTS', async () => {
    await setNodeTip(432_100 + 50);
    const ready = await get(await app({ API_READY_MAX_LAG_SLOTS: '49' }), '/ready', {});
    expect([ready.status, ready.body]).toEqual([
      503,
      { ready: false, database: 'up', redis: 'up', lagSlots: 50, replication: null },
    ]);
  });

  it('is not ready before the indexer has reported the node tip', async () => {
    const ready = await get(await app(), '/ready', {});
    expect([ready.status, ready.body]).toEqual([
      503,
      { ready: false, database: 'up', redis: 'up', lagSlots: null, replication: null },
    ]);
  });

  it('is not ready when the database is down', async () => {
    const ready = await get(await app({ DATABASE_URL: DOWN_DATABASE }), '/ready', {});
    expect([ready.status, ready.body]).toEqual([
      503,
      { ready: false, database: 'down', redis: 'up', lagSlots: null, replication: null },
    ]);
  });

  it('is not ready when Redis is down', async () => {
    await setNodeTip(432_100);
    const ready = await get(await app({ REDIS_URL: DOWN_REDIS }), '/ready', {});
    expect([ready.status, ready.body]).toEqual([
      503,
      { ready: false, database: 'up', redis: 'down', lagSlots: 0, replication: null },
    ]);
  });
});

describe('a database restart', () => {
  it('answers Blockfrost errors while its sessions are gone, then recovers by itself', async () => {
    const api = await app();
    expect((await get(api, BLOCK)).status).toBe(200);
    // What a PostgreSQL restart does to every open session (57P01 admin_shutdown).
    await db.sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const during = await get(api, BLOCK);
    if (during.status !== 200) expect([during.status, during.body]).toEqual([500, errorBody(500)]);
    await waitFor(async () => (await get(api, BLOCK)).status === 200, 'the API to answer again');
    expect((await get(api, '/health', {})).status).toBe(200);
  });
});

describe('logs', () => {
  it('are pino JSON lines carrying the request id that the response returns', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const api = await createApp(testConfig(db.database, { DATABASE_URL: DOWN_DATABASE }), {
      logger: pino({ level: 'info' }, sink),
    });
    apps.push(api);
    const failed = await get(api, BLOCK, { project_id: TOKEN, 'x-request-id': 'trace-42' });
    expect([failed.status, failed.headers['x-request-id']]).toEqual([500, 'trace-42']);
    const generated = await get(api, BLOCK);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const errors = lines.filter((line) => line.msg === 'request failed');
    expect(errors.map((line) => [line.reqId, line.level, line.url])).toEqual([
      ['trace-42', 50, BLOCK],
      [generated.headers['x-request-id'], 50, BLOCK],
    ]);
  });

  it.each([
    ['1', '0.0.0.0', true],
    ['1', '127.0.0.1', false],
    ['10.0.0.0/8', '0.0.0.0', false],
  ])(
    'TRUST_PROXY=%s with HOST=%s: warns at startup that clients can choose their address: %s',
    async (trust, host, warns) => {
      const lines: { level: number; msg: string }[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      });
      // Built, never listening: HOST is only read.
      const api = await createApp(testConfig(db.database, { TRUST_PROXY: trust, HOST: host }), {
        logger: pino({ level: 'warn' }, sink),
      });
      apps.push(api);
      const warnings = lines.filter((line) => line.level === 40 && line.msg.startsWith('TRUST_PROXY='));
      expect(warnings.length).toBe(warns ? 1 : 0);
    },
  );
});

describe('the built program (dist/main.js)', () => {
  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  beforeAll(() => {
    if (!existsSync(main))
      throw new Error(`${main} is missing: build the API first (pnpm --filter @frostline/api build)`);
  });

  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', ...env },
      // With an IPC channel, as `npm start` runs it.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    // 'close' comes after the child's output has all been read ('exit' may come before).
    const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    return { child, exited, output: () => ({ stdout, stderr }) };
  }

  /** The program on the test database and Redis, with `env` on top. */
  const runServing = (env: Record<string, string>) =>
    run({
      DATABASE_URL: db.database.url,
      REDIS_URL: testRedisUrl(),
      API_TOKENS: TOKEN,
      API_METRICS_PORT: '0',
      ...env,
    });

  it('refuses a bad configuration with one clear line and a non-zero exit', async () => {
    const { exited, output } = run({
      DATABASE_URL: 'mysql://db',
      REDIS_URL: testRedisUrl(),
      API_TOKENS: TOKEN,
      PORT: '70000',
      HOST: 'everywhere',
      API_READY_MAX_LAG_SLOTS: '-1',
    });
    const [code] = await exited;
    expect(code).toBe(1);
    expect(output().stderr.trim().split('\n')).toEqual([
      '@frostline/api: invalid configuration: PORT must be an integer from 1 to 65535, got "70000"; ' +
        'HOST must be an IP address (127.0.0.1, 0.0.0.0, ::), got "everywhere"; ' +
        'DATABASE_URL must start with postgres: or postgresql://; ' +
        'API_READY_MAX_LAG_SLOTS must be an integer from 0 to 1000000000, got "-1"',
    ]);
  });

  it('listens on loopback only by default, metrics on a port of their own, and tells its parent process once it listens', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const { child, exited, output } = runServing({
      PORT: String(port),
      API_METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
    });
    const [message] = await once(child, 'message');
    expect(message).toEqual({ listening: { host: '127.0.0.1', port } });
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect([scraped.status, await scraped.text()]).toEqual([
      200,
      expect.stringContaining('api_http_requests_total'),
    ]);
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    // Fastify logs one line per address it listens on (every interface for 0.0.0.0).
    const listening = output()
      .stdout.split('\n')
      .filter((line) => line.includes('Server listening'))
      .map((line) => JSON.parse(line).msg);
    expect(listening).toEqual([`Server listening at http://127.0.0.1:${port}`]);
  });

  it('exits with one clear line when another server holds its port', async () => {
    const other = createServer().listen(0, '127.0.0.1');
    await once(other, 'listening');
    const { port } = other.address() as AddressInfo;
    try {
      const { exited, output } = runServing({
        PORT: String(port),
        LOG_LEVEL: 'warn',
      });
      expect(await exited).toEqual([1, null]);
      expect(output().stderr.trim()).toBe(
        `@frostline/api: cannot listen on 127.0.0.1:${port}: the port is already in use`,
      );
    } finally {
      other.close();
    }
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const { child, exited, output } = runServing({
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true,
      'the API to listen',
    );

    // A request held in flight: its query waits for a table lock this test holds.
    const locker = new pg.Client({ connectionString: db.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN; LOCK TABLE block IN ACCESS EXCLUSIVE MODE');
      const inFlight = fetch(`${base}${BLOCK}`, { headers: { project_id: TOKEN } });
      await waitFor(async () => {
        const { rows } = await locker.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'block'::regclass`,
        );
        return rows[0].n > 0;
      }, 'the request to wait for the lock');

      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(child.exitCode).toBeNull(); // still finishing the request
      await locker.query('COMMIT');
      const response = await inFlight;
      expect([response.status, ((await response.json()) as { hash: string }).hash]).toEqual([
        200,
        'b1'.repeat(32),
      ]);
    } finally {
      await locker.end();
    }
    expect(await exited).toEqual([0, null]);
    expect(output().stderr).toBe('');
  });
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
