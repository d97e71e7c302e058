import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * GET of a URL that someone else chose: the metadata URLs of nut.link registrations and pool certificates are
 * written on chain by whoever made the transaction, so a fetch must not become a way into the network the
 * indexer runs in (its database, Redis, a cloud's metadata service on 169.254.169.254).
 *
 * Every hop (the URL and each redirect) is checked after DNS resolution: only public unicast addresses are
 * connected to, unless `allowPrivate`. The check happens inside the socket's own lookup, so the address checked
 * is the address connected to: a name that resolves elsewhere a moment later (a DNS rebind) cannot switch it.
 * Node's http client does the HTTP and TLS (certificates checked against the name, as usual); ipaddr.js
 * classifies addresses. Neither limits size, redirects or destinations, and the usual clients' redirect
 * following does not call a hook before each new connection with its resolved address, hence this module.
 */
export interface OffChainFetchOptions {
  /** also connect to loopback, private, link-local and other non-public addresses (a devnet on localhost) */
  allowPrivate: boolean;
  /** body bytes at most, counted as they arrive */
  maxBytes: number;
  /** redirects followed at most */
  maxRedirects: number;
  /** from each request's start to its TCP connection (DNS included) */
  connectTimeoutMs: number;
  /** from the first request's start to the body's last byte, redirects included */
  totalTimeoutMs: number;
  /** addresses allowed besides the public ones (exactly as written, e.g. "127.0.0.2") */
  alsoAllow?: readonly string[];
  /** the resolver; the system's (getaddrinfo, as every other connection uses) unless a test names another */
  lookup?: typeof systemLookup;
}

export type OffChainFetchFailure =
  | 'unsupported-url'
  | 'refused-destination'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'http-status'
  | 'unreachable';

/**
 * Blockfrost's code of each failure (the `error.code` of its off-chain metadata answers), as it classes
 * db-sync's fetch errors: refused and unreachable destinations, timeouts and URLs it cannot fetch are
 * connection errors; answers that are not a document are HTTP response errors.
 */
export const BLOCKFROST_ERROR_CODES = {
  'unsupported-url': 'CONNECTION_ERROR',
  'refused-destination': 'CONNECTION_ERROR',
  unreachable: 'CONNECTION_ERROR',
  timeout: 'CONNECTION_ERROR',
  'too-many-redirects': 'HTTP_RESPONSE_ERROR',
  'http-status': 'HTTP_RESPONSE_ERROR',
  'too-large': 'SIZE_EXCEEDED',
} as const satisfies Record<OffChainFetchFailure, string>;

/** Why a fetch gave no body: the URL's fault or the server's, never a reason to retry at once. */
export class OffChainFetchError extends Error {
  constructor(
    readonly reason: OffChainFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface OffChainResponse {
  /** the URL that answered, after redirects */
  url: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether `address` (IPv4 or IPv6 text) is a public unicast address; IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  try {
    // process() turns ::ffff:a.b.c.d into a.b.c.d; every special range (loopback, private, CGNAT, unique-local,
    // link-local, multicast, unspecified, reserved, NAT64 and other translation prefixes) is not 'unicast'.
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** The body of a 2xx answer to GET `url`, or an {@link OffChainFetchError}. */
export async function fetchOffChain(url: string, options: OffChainFetchOptions): Promise<OffChainResponse> {
  const signal = AbortSignal.timeout(options.totalTimeoutMs);
  let current = httpUrl(url);
  for (let redirects = 0; ; redirects++) {
    const response = await get(current, options, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (redirects >= options.maxRedirects)
        throw new OffChainFetchError('too-many-redirects', `more than ${options.maxRedirects} redirects`);
      current = httpUrl(new URL(location, current).href);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new OffChainFetchError('http-status', `${current.href} answered ${status}`);
    }
    return { url: current.href, body: await readBody(response, options.maxBytes, signal) };
  }
}

function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OffChainFetchError('unsupported-url', `not a URL: ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OffChainFetchError('unsupported-url', `only http and https, not ${url.protocol}`);
  return url;
}

function get(url: URL, options: OffChainFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  // An IP literal never reaches the lookup below: the socket connects to it directly.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !allowed(literal, options)) return Promise.reject(refused(url.hostname, [literal]));
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      headers: { 'user-agent': 'frostline-indexer', accept: 'application/json' },
      // A socket of its own per request, so that each one is resolved and checked.
      agent: false,
      lookup: checkedLookup(options),
      signal,
    });
    const connectTimer = setTimeout(
      () =>
        request.destroy(
          new OffChainFetchError('timeout', `no connection to ${url.host} in ${options.connectTimeoutMs} ms`),
        ),
      options.connectTimeoutMs,
    );
    request.once('socket', (socket) => socket.once('connect', () => clearTimeout(connectTimer)));
    request.once('response', (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    request.once('error', (error) => {
      clearTimeout(connectTimer);
      reject(failure(error, signal, options));
    });
    request.end();
  });
}

/** The resolver's answer less every address not allowed; none left is a refusal. */
function checkedLookup(options: OffChainFetchOptions): LookupFunction {
  const resolve = options.lookup ?? systemLookup;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = found.filter((a) => allowed(a.address, options));
      if (usable.length === 0)
        return callback(
          refused(
            hostname,
            found.map((a) => a.address),
          ),
          '',
          0,
        );
      if (lookupOptions.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

function allowed(address: string, options: OffChainFetchOptions): boolean {
  return options.allowPrivate || isPublicAddress(address) || (options.alsoAllow ?? []).includes(address);
}

function refused(host: string, addresses: string[]): OffChainFetchError {
  return new OffChainFetchError(
    'refused-destination',
    `${host} is not a public address (${addresses.join(', ') || 'none'}); OFF_CHAIN_FETCH_ALLOW_PRIVATE=true allows it`,
  );
}

async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new OffChainFetchError('too-large', `the body exceeds ${maxBytes} bytes`);
  // Content-Length only refuses early; the bytes that arrive are what is counted.
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof OffChainFetchError ? error : failure(error, signal);
  }
  return Buffer.concat(chunks);
}

function failure(error: unknown, signal: AbortSignal, options?: OffChainFetchOptions): OffChainFetchError {
  if (error instanceof OffChainFetchError) return error;
  if (signal.aborted)
    return new OffChainFetchError(
      'timeout',
      `no complete answer${options ? ` in ${options.totalTimeoutMs} ms` : ' in time'}`,
    );
  return new OffChainFetchError('unreachable', (error as Error).message);
}
