import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { maximalEvaluateBody } from '@frostline/evaluator/testing/maximal-request';
import { ApiMetrics } from '../src/metrics/api-metrics.js';
import { blockfrostFixtures } from './support/evaluate-cases.js';
import { openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// Attacks on availability, on loopback only: slow and greedy connections, evaluation floods (a
// client draining a shared token is in access.e2e.test.ts). Each test asserts what the server did to
// the attacker and to a well-behaved client beside it, never how long it took.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const apps: NestFastifyApplication[] = [];

async function listeningApp(env: Record<string, string>) {
  const app = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false', ...env }));
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.getHttpServer().address() as net.AddressInfo).port };
}

const listening = async (env: Record<string, string>) => (await listeningApp(env)).port;

/** A connected socket from `localAddress` that collects what the server sends. */
async function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => received);
  await once(socket, 'connect');
  return { socket, closed, received: () => received };
}

const HEALTH = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await db.close();
});

describe('slow clients', () => {
  it('closes a connection that trickles header lines without ever finishing them', async () => {
    const port = await listening({ API_HEADERS_TIMEOUT_MS: '300', API_REQUEST_TIMEOUT_MS: '300' });
    const slow = await connect(port);
    slow.socket.write('GET /health HTTP/1.1\r\n');
    let sent = 0;
    let closed = false;
    void slow.closed.then(() => (closed = true));
    // One header line every 50 ms, for up to 200 lines: far beyond the 300 ms the server allows.
    while (!closed && sent < 200) {
      slow.socket.write(`X-Slow-${sent}: 1\r\n`);
      sent++;
      await delay(50);
    }
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(200);
    // Meanwhile a client that sends its request at once is answered.
    const prompt = await connect(port);
    prompt.socket.write(HEALTH);
    await waitUntil(() => prompt.received().includes('\r\n\r\n'));
    expect(prompt.received()).toMatch(/^HTTP\/1\.1 200 /);
    prompt.socket.destroy();
  });

  it('refuses API_HEADERS_TIMEOUT_MS above API_REQUEST_TIMEOUT_MS', () => {
    expect(() =>
      testConfig(db.database, { API_HEADERS_TIMEOUT_MS: '2000', API_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrow('API_HEADERS_TIMEOUT_MS must not exceed API_REQUEST_TIMEOUT_MS');
  });
});

describe('connections per address', () => {
  it('answers 429 and closes connections beyond API_MAX_CONNECTIONS_PER_ADDRESS; other addresses connect', async () => {
    const port = await listening({ API_MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const held: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < 3; i++) held.push(await connect(port));
    const refused = await connect(port);
    const answer = await refused.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Project Over Limit',
      message: 'Usage is over limit.',
      status_code: 429,
    });
    // The held connections still serve, and another address is not counted with them.
    held[0]!.socket.write(HEALTH);
    const other = await connect(port, '127.0.0.2');
    other.socket.write(HEALTH);
    await waitUntil(() => held[0]!.received().includes('\r\n\r\n') && other.received().includes('\r\n\r\n'));
    expect([held[0]!.received(), other.received()]).toEqual([
      expect.stringMatching(/^HTTP\/1\.1 200 /),
      expect.stringMatching(/^HTTP\/1\.1 200 /),
    ]);
    // A closed connection frees its place.
    held[1]!.socket.destroy();
    await held[1]!.closed;
    await waitUntil(async () => {
      const again = await connect(port);
      again.socket.write(HEALTH);
      await waitUntil(() => again.received().includes('\r\n\r\n') || again.socket.destroyed);
      const ok = /^HTTP\/1\.1 200 /.test(again.received());
      again.socket.destroy();
      return ok;
    });
    for (const connection of [...held, other]) connection.socket.destroy();
  });

  it('has no cap behind proxies unless one is set', () => {
    expect(testConfig(db.database).connections.maxPerAddress).toBe(64);
    expect(testConfig(db.database, { TRUST_PROXY: '1' }).connections.maxPerAddress).toBe(0);
    expect(
      testConfig(db.database, { TRUST_PROXY: '1', API_MAX_CONNECTIONS_PER_ADDRESS: '500' }).connections
        .maxPerAddress,
    ).toBe(500);
  });
});

describe('evaluation floods', () => {
  const offline = blockfrostFixtures.find((fixture) => fixture.fully_offline)!;
  const cbor = (JSON.parse(offline.postBody!) as { cbor: string }).cbor;
  // The largest body accepted: 256 KiB of additional UTxOs beside the transaction, 1 KiB spare.
  const maximal = maximalEvaluateBody(offline.postBody!, 256 * 1024 + cbor.length - 1024);

  async function evaluating(env: Record<string, string>) {
    const { app, port } = await listeningApp(env);
    const base = `http://127.0.0.1:${port}`;
    const evaluate = () =>
      fetch(`${base}/api/v0/utils/txs/evaluate/utxos`, {
        method: 'POST',
        headers: { project_id: TOKEN, 'content-type': 'application/json' },
        body: maximal,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const inProgress = async () =>
      (await app.get(ApiMetrics).evaluationsInProgress.get()).values[0]?.value ?? 0;
    return { base, evaluate, inProgress };
  }

  it('answers a light request while 16 maximal evaluations are in flight', async () => {
    const { base, evaluate, inProgress } = await evaluating({ EVALUATE_THREADS: '1', EVALUATE_QUEUE: '64' });
    expect((await evaluate()).status).toBe(200); // the thread started, the database warm
    let finished = 0;
    const evaluations = Array.from({ length: 16 }, () => evaluate().finally(() => finished++));
    // Once every body has arrived, the one thread works through them (each needs it twice: decoding,
    // then evaluating), while the event loop stays free to answer at once.
    await waitUntil(async () => (await inProgress()) === 16);
    const health = await fetch(`${base}/health`);
    const finishedByThen = finished;
    expect(health.status).toBe(200);
    const answers = await Promise.all(evaluations);
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect(answers[0]!.body).toEqual(expect.objectContaining({ type: 'jsonwsp/response' }));
    expect(finishedByThen).toBe(0);
  });

  it('answers 429 at once when every thread is busy and the queue is full', async () => {
    const { evaluate } = await evaluating({ EVALUATE_THREADS: '1', EVALUATE_QUEUE: '1' });
    const answers = await Promise.all(Array.from({ length: 12 }, evaluate));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({
      error: 'Project Over Limit',
      message: 'Usage is over limit.',
      status_code: 429,
    });
  });
});

/** Polls `check` every 20 ms, at most 500 times. */
async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await delay(20);
  }
  throw new Error('the condition never held');
}
