import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Attacks on availability, on loopback only: slow and greedy connections. Each test asserts what the
// server did to the attacker and to a well-behaved client beside it, never how long it took.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const apps: NestFastifyApplication[] = [];

async function listening(env: Record<string, string>) {
  const app = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false', ...env }));
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.getHttpServer().address() as net.AddressInfo).port;
}

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
    const held = [];
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

/** Polls `check` every 20 ms, at most 500 times. */
async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await delay(20);
  }
  throw new Error('the condition never held');
}
