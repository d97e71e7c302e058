import type { LookupAddress, lookup as systemLookup } from 'node:dns';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fetchOffChain,
  isPublicAddress,
  OffChainFetchError,
  type OffChainFetchFailure,
  type OffChainFetchOptions,
} from './off-chain-fetch.js';

// Every server here listens on loopback, and every refused URL names a loopback destination: no test sends
// anything to another address, private or public.

/** A local HTTP server counting the requests it gets. */
class TestServer {
  requests = 0;
  private server!: Server;
  url!: string;

  constructor(private readonly handler: RequestListener) {}

  async start(host: string): Promise<this> {
    this.server = createServer((request, response) => {
      this.requests++;
      this.handler(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, host, resolve);
    });
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return this;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const BODY = JSON.stringify({ ticker: 'NUTS', name: 'StakeNuts.com' });

const LIMITS: OffChainFetchOptions = {
  allowPrivate: false,
  maxBytes: 1000,
  maxRedirects: 3,
  connectTimeoutMs: 2000,
  totalTimeoutMs: 5000,
};

/** A resolver answering `addresses` for every name, counting its calls. */
function resolver(addresses: () => LookupAddress[]) {
  const calls: string[] = [];
  const lookup = ((hostname: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) => {
    calls.push(hostname);
    callback(null, addresses());
  }) as unknown as typeof systemLookup;
  return { lookup, calls };
}

async function failure(
  url: string,
  options: Partial<OffChainFetchOptions> = {},
): Promise<OffChainFetchFailure> {
  try {
    await fetchOffChain(url, { ...LIMITS, ...options });
  } catch (error) {
    if (error instanceof OffChainFetchError) return error.reason;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

let json: TestServer;
/** Listens on 127.0.0.2 (loopback too): the tests' stand-in for a public server, allowed by `alsoAllow`. */
let allowedServer: TestServer;
let ipv6: TestServer | null = null;

beforeAll(async () => {
  json = await new TestServer((_, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(BODY),
  ).start('127.0.0.1');
  allowedServer = await new TestServer((request, response) => {
    const target = new URL(request.url!, 'http://x').searchParams.get('to');
    if (target) return response.writeHead(302, { location: target }).end();
    response.writeHead(200).end(BODY);
  }).start('127.0.0.2');
  ipv6 = await new TestServer((_, response) => response.writeHead(200).end(BODY))
    .start('::1')
    .catch(() => null);
});

afterAll(async () => {
  await Promise.all([json.stop(), allowedServer.stop(), ipv6?.stop()]);
});

describe('isPublicAddress', () => {
  it('refuses every special range, IPv4-mapped forms included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      'not an address',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it('accepts public unicast addresses (classified only: nothing is sent to them)', () => {
    for (const address of ['1.1.1.1', '151.101.1.69', '2606:4700::1111', '::ffff:1.1.1.1'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });
});

describe('fetchOffChain refuses loopback destinations', () => {
  it('given as an IPv4 literal, in any spelling the URL parser accepts', async () => {
    const port = new URL(json.url).port;
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '127.1'])
      expect(await failure(`http://${host}:${port}/metadata.json`)).toBe('refused-destination');
    expect(json.requests).toBe(0);
  });

  it('given as ::1 or an IPv4-mapped IPv6 literal', async () => {
    const port = new URL(json.url).port;
    expect(await failure(`http://[::ffff:127.0.0.1]:${port}/`)).toBe('refused-destination');
    expect(await failure(`http://[::1]:${ipv6 ? new URL(ipv6.url).port : port}/`)).toBe(
      'refused-destination',
    );
    expect(json.requests).toBe(0);
    expect(ipv6?.requests ?? 0).toBe(0);
  });

  it('given as localhost, or a name that resolves to loopback', async () => {
    const port = new URL(json.url).port;
    expect(await failure(`http://localhost:${port}/`)).toBe('refused-destination');
    const { lookup, calls } = resolver(() => [{ address: '127.0.0.1', family: 4 }]);
    expect(await failure(`http://oracle.example:${port}/`, { lookup })).toBe('refused-destination');
    expect(calls).toEqual(['oracle.example']);
    expect(json.requests).toBe(0);
  });

  it('reached by a redirect from an allowed server', async () => {
    const alsoAllow = ['127.0.0.2'];
    expect((await fetchOffChain(`${allowedServer.url}/`, { ...LIMITS, alsoAllow })).body.toString()).toBe(
      BODY,
    );
    for (const target of [`${json.url}/`, `http://localhost:${new URL(json.url).port}/`]) {
      const url = `${allowedServer.url}/?to=${encodeURIComponent(target)}`;
      expect(await failure(url, { alsoAllow })).toBe('refused-destination');
    }
    expect(json.requests).toBe(0);
  });

  it('connects to the address it checked: a second answer of the resolver (a rebind) is never asked for', async () => {
    let answers = 0;
    const { lookup, calls } = resolver(() =>
      answers++ === 0 ? [{ address: '127.0.0.2', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
    );
    const port = new URL(allowedServer.url).port;
    const { body } = await fetchOffChain(`http://rebind.example:${port}/`, {
      ...LIMITS,
      alsoAllow: ['127.0.0.2'],
      lookup,
    });
    expect([body.toString(), calls.length, json.requests]).toEqual([BODY, 1, 0]);
  });
});

describe('fetchOffChain with OFF_CHAIN_FETCH_ALLOW_PRIVATE', () => {
  const open = { ...LIMITS, allowPrivate: true };

  it('fetches a local server, by address and by name', async () => {
    expect((await fetchOffChain(`${json.url}/metadata.json`, open)).body.toString()).toBe(BODY);
    const port = new URL(json.url).port;
    expect((await fetchOffChain(`http://localhost:${port}/`, open)).body.toString()).toBe(BODY);
  });

  it('follows up to maxRedirects redirects, each one a new checked connection', async () => {
    let url = `${json.url}/end`;
    for (let hop = 0; hop < 3; hop++) url = `${allowedServer.url}/?to=${encodeURIComponent(url)}`;
    const { lookup, calls } = resolver(() => [{ address: '127.0.0.2', family: 4 }]);
    const named = url.replaceAll('127.0.0.2', 'hop.example');
    const answer = await fetchOffChain(named, { ...open, lookup });
    expect([answer.url, answer.body.toString(), calls.length]).toEqual([`${json.url}/end`, BODY, 3]);
    expect(await failure(`${allowedServer.url}/?to=${encodeURIComponent(url)}`, open)).toBe(
      'too-many-redirects',
    );
  });

  it('stops at maxBytes counted as the body streams in, whatever Content-Length says', async () => {
    const chunked = await new TestServer((_, response) => {
      response.writeHead(200);
      for (let i = 0; i < 20; i++) response.write('x'.repeat(100));
      response.end();
    }).start('127.0.0.1');
    const declared = await new TestServer((_, response) =>
      response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
    ).start('127.0.0.1');
    try {
      expect(await failure(chunked.url, open)).toBe('too-large');
      expect(await failure(declared.url, open)).toBe('too-large');
      expect((await fetchOffChain(chunked.url, { ...open, maxBytes: 2000 })).body.length).toBe(2000);
    } finally {
      await Promise.all([chunked.stop(), declared.stop()]);
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const silent = await new TestServer(() => undefined).start('127.0.0.1');
    const trickle = await new TestServer((_, response) => {
      response.writeHead(200);
      response.write('{');
    }).start('127.0.0.1');
    try {
      expect(await failure(silent.url, { ...open, totalTimeoutMs: 300 })).toBe('timeout');
      expect(await failure(trickle.url, { ...open, totalTimeoutMs: 300 })).toBe('timeout');
    } finally {
      await Promise.all([silent.stop(), trickle.stop()]);
    }
  });

  it('answers a non-2xx status, a closed port and other schemes with their failure', async () => {
    const missing = await new TestServer((_, response) => response.writeHead(404).end()).start('127.0.0.1');
    try {
      expect(await failure(missing.url, open)).toBe('http-status');
    } finally {
      await missing.stop();
    }
    expect(await failure(missing.url, open)).toBe('unreachable');
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://localhost/', 'not a url'])
      expect(await failure(url, open)).toBe('unsupported-url');
  });
});
