import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { CONNECTIONS, evenlySpaced, nearestRank } from './steady-load.js';

describe('nearestRank', () => {
  it('takes the value at the rank ceil(p × n)', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(nearestRank(values, 0.5)).toBe(100);
    expect(nearestRank(values, 0.99)).toBe(198);
    expect(nearestRank([7], 0.99)).toBe(7);
  });
});

describe('evenlySpaced', () => {
  // Far above what a local answer takes even on a busy machine, and short enough that the slow answers pending at
  // once (a fifth of 100 req/s) stay fewer than the connections, so no request waits for a free one.
  const SLOW_MS = 200;
  let server: http.Server;
  let url: string;
  const arrivals: number[] = [];
  const paths: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      arrivals.push(performance.now());
      paths.push(request.url!);
      // Every fifth answer is slow: an open loop keeps sending while they are pending.
      const slow = arrivals.length % 5 === 0;
      setTimeout(
        () => response.writeHead(request.url === '/missing' ? 404 : 200).end('{}'),
        slow ? SLOW_MS : 0,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    arrivals.length = 0;
    paths.length = 0;
  });

  it('sends one request per interval, not each second in a burst, and times every answer', async () => {
    let n = 0;
    const figures = await evenlySpaced({ url, headers: {}, path: () => `/item/${n++}` }, 1, 100);
    expect(arrivals).toHaveLength(100);
    // Requests that fall due together leave on different sockets and may arrive in either order: the server sees
    // each path once, not necessarily in sending order.
    expect([...paths].sort()).toEqual(Array.from({ length: 100 }, (_, i) => `/item/${i}`).sort());
    // 100 req/s is one request every 10 ms: in any 50 ms there are about 5, never the second's 100 at once. A timer
    // of this process firing late on a loaded machine sends what fell due in the meantime together, hence the
    // tenfold margin; a burst sender puts all 100 in the first few milliseconds.
    const most = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 50).length));
    expect(most).toBeLessThanOrEqual(50);
    // Spread over the second (a burst arrives within milliseconds); a stall of a loaded machine before the first
    // request leaves the rest less time, hence only half of it.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(500);
    expect(figures.errors + figures.non2xx).toBe(0);
    // The median is one of the four fast answers in five, the 99th percentile one of the slow ones: each answer
    // is timed on its own, from when it was due.
    expect(figures.p50).toBeLessThan(SLOW_MS);
    expect(figures.p99).toBeGreaterThanOrEqual(SLOW_MS);
    expect(figures.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.requestsPerSecond).toBeLessThanOrEqual(100);
  });

  it('counts non-2xx answers apart and leaves them out of the latencies', async () => {
    const figures = await evenlySpaced({ url, headers: {}, path: () => '/missing' }, 0.2, 50);
    expect(figures.non2xx).toBe(10);
    expect(figures.requestsPerSecond).toBe(0);
  });

  it('counts a refused connection as an error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const figures = await evenlySpaced(
      { url: `http://127.0.0.1:${port}`, headers: {}, path: () => '/' },
      0.1,
      50,
    );
    expect(figures.errors).toBe(5);
  });

  it('counts a request unanswered within the timeout as an error and as the timeout in the percentiles, queued ones too', async () => {
    // A server that never answers: its connections stay busy, so the requests beyond CONNECTIONS wait for one.
    const held: http.ServerResponse[] = [];
    const silent = http.createServer((_request, response) => held.push(response));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const requests = 3 * CONNECTIONS;
    const timeoutMs = 300;
    const figures = await evenlySpaced(
      { url: `http://127.0.0.1:${port}`, headers: {}, path: () => '/' },
      requests / 100,
      100,
      timeoutMs,
    );
    expect(figures.errors).toBe(requests);
    expect(figures.requestsPerSecond).toBe(0);
    expect(figures.p50).toBe(timeoutMs);
    expect(figures.p99).toBe(timeoutMs);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
