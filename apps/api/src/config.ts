import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Network } from '@frostline/model';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Who evaluates POST /utils/txs/evaluate/utxos: an Ogmios node, or packages/evaluator over the database. */
export type EvaluatorKind = 'ogmios' | 'local';

/**
 * A project token's own quota, shared by every client using the token (a browser dApp's token is public).
 * Its refusals never count toward an IP's ban.
 */
export interface ProjectQuotaConfig {
  /** Sustained requests per second of the project's bucket; 0: no per-second project limit. */
  perSecond: number;
  /** The project bucket's size (used when perSecond > 0). */
  burst: number;
  /** Requests per UTC day (Blockfrost's plans count per day); 0: no daily quota. */
  perDay: number;
}

export interface RateLimitConfig {
  /** false turns every limit off (local development). */
  enabled: boolean;
  /** Sustained requests per second of one client IP's token bucket (Blockfrost: 10). */
  perSecond: number;
  /** Bucket size, i.e. the burst allowed on top of the sustained rate (Blockfrost: 500). */
  burst: number;
  /** 429 answers after which the client IP is banned (418); see banWindowSeconds. */
  banAfterRejections: number;
  /** The count of 429 answers lapses after this long without one (requests let through do not reset it). */
  banWindowSeconds: number;
  banSeconds: number;
  project: ProjectQuotaConfig;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For. The client is the address the
 * outermost trusted proxy saw: never the leftmost entry, which the client itself writes.
 */
export type TrustedProxies =
  /** X-Forwarded-For is ignored: the client is the socket's peer. */
  | { kind: 'none' }
  /** This many proxies stand in front of the API, and nothing reaches it around them. */
  | { kind: 'hops'; hops: number }
  /** Proxies by address or CIDR (or proxy-addr's loopback, linklocal, uniquelocal). */
  | { kind: 'addresses'; addresses: string[] };

/** How slow or greedy one client may be before the server lets go of it. */
export interface ConnectionLimits {
  /** A connection that has not sent a request's headers within this long is closed. */
  headersTimeoutMs: number;
  /** A request (headers and body) must have arrived within this long. */
  requestTimeoutMs: number;
  /** Open connections one peer address may hold at once; 0: no cap. */
  maxPerAddress: number;
}

/** Where Prometheus scrapes /metrics: apart from the data port, loopback unless told otherwise. */
export interface MetricsServerConfig {
  host: string;
  /** 0: no metrics server. */
  port: number;
}

/** The worker threads that decode and (EVALUATOR=local) evaluate POST /utils/txs/evaluate… requests. */
export interface EvaluationPoolConfig {
  threads: number;
  /** Requests waiting for a thread, at most; beyond that the answer is an immediate 429. */
  queue: number;
  /** The largest additionalUtxoSet accepted, in bytes of its JSON text. */
  maxAdditionalUtxoBytes: number;
}

export interface ApiConfig {
  port: number;
  /** Address the API binds: loopback unless a container or host exposes it (0.0.0.0, ::). */
  host: string;
  databaseUrl: string;
  /** Read replica used for every endpoint query; the primary when unset. */
  databaseReadUrl: string | null;
  redisUrl: string;
  network: Network;
  /** sha256 (hex) of every accepted project token. */
  tokenHashes: string[];
  rateLimit: RateLimitConfig;
  trustProxy: TrustedProxies;
  connections: ConnectionLimits;
  metrics: MetricsServerConfig;
  /** Prefix of the Redis keys of the projects' usage counts (GET /metrics, /metrics/endpoints). */
  usageRedisKeyPrefix: string;
  evaluation: EvaluationPoolConfig;
  logLevel: LogLevel;
  /** /ready fails when the newest block is further behind the node's tip (indexer_status). */
  readyMaxLagSlots: number;
  /** /ready fails when the read replica's answers are older than this (seconds) */
  readyMaxReplicationLagSeconds: number;
  /** Ogmios v6 (ws:// or wss://, http(s):// accepted as the indexer does) for the Ogmios evaluator. */
  ogmiosUrl: string | null;
  evaluator: EvaluatorKind;
  /** Origins browsers may call from (CORS): '*' for any, or exact origins such as https://app.example. */
  corsOrigins: '*' | string[];
  /** Outputs kept in answers of /addresses/{address}/utxos[/{asset}] reused until the tip changes; 0: none. */
  addressUtxoCacheOutputs: number;
  /** Addresses kept in the answers of /blocks/{hash_or_number}/addresses, per block hash; 0: none. */
  blockAddressCacheAddresses: number;
  /** The explorer's built files, served at /explorer/; null: the workspace's apps/explorer/dist. */
  explorerDir: string | null;
  /** `npm start`'s demo wallets (devnet demo-wallets JSON): their names and addresses go to the explorer. */
  demoWalletsFile: string | null;
}

/** A configuration mistake; main.ts prints the message as one line and exits non-zero. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const NETWORKS: readonly Network[] = ['mainnet', 'preprod', 'preview', 'custom'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const EVALUATORS: readonly EvaluatorKind[] = ['ogmios', 'local'];
const SHA256_HEX = /^[0-9a-f]{64}$/;

type Env = Record<string, string | undefined>;

/** Reads and validates the environment once; lists every invalid variable in one error. */
export function loadConfig(env: Env): ApiConfig {
  const problems: string[] = [];
  const read = <T>(name: string, parse: (value: string | undefined) => T, fallback: T): T => {
    try {
      return parse(env[name]);
    } catch (error) {
      problems.push(`${name} ${(error as Error).message}`);
      return fallback;
    }
  };

  const config: ApiConfig = {
    port: read('PORT', integerIn(1, 65535, 3000), 0),
    host: read('HOST', ipAddress('127.0.0.1'), ''),
    databaseUrl: read('DATABASE_URL', url(['postgres:', 'postgresql:']), ''),
    databaseReadUrl: read('DATABASE_READ_URL', optional(url(['postgres:', 'postgresql:'])), null),
    redisUrl: read('REDIS_URL', url(['redis:', 'rediss:']), ''),
    network: read('NETWORK', oneOf(NETWORKS, 'mainnet'), 'mainnet'),
    tokenHashes: [],
    rateLimit: {
      enabled: read('RATE_LIMIT_ENABLED', boolean(true), true),
      perSecond: read('RATE_LIMIT_PER_SECOND', positiveNumber(10), 0),
      burst: read('RATE_LIMIT_BURST', integerIn(1, 1_000_000, 500), 0),
      banAfterRejections: read('RATE_LIMIT_BAN_AFTER', integerIn(1, 1_000_000, 100), 0),
      banWindowSeconds: read('RATE_LIMIT_BAN_WINDOW_SECONDS', integerIn(1, 86_400, 60), 0),
      banSeconds: read('RATE_LIMIT_BAN_SECONDS', integerIn(1, 86_400 * 7, 300), 0),
      project: {
        perSecond: read('RATE_LIMIT_PROJECT_PER_SECOND', nonNegativeNumber(0), 0),
        burst: read('RATE_LIMIT_PROJECT_BURST', integerIn(1, 100_000_000, 500), 0),
        perDay: read('RATE_LIMIT_PROJECT_PER_DAY', integerIn(0, 1_000_000_000_000, 0), 0),
      },
      redisKeyPrefix: read('RATE_LIMIT_REDIS_PREFIX', (value) => value ?? 'frostline:rate-limit:', ''),
    },
    trustProxy: read('TRUST_PROXY', trustedProxies, { kind: 'none' }),
    connections: {
      headersTimeoutMs: read('API_HEADERS_TIMEOUT_MS', integerIn(50, 600_000, 10_000), 0),
      requestTimeoutMs: read('API_REQUEST_TIMEOUT_MS', integerIn(50, 3_600_000, 30_000), 0),
      maxPerAddress: 0,
    },
    metrics: {
      host: read('API_METRICS_HOST', ipAddress('127.0.0.1'), ''),
      port: read('API_METRICS_PORT', integerIn(0, 65535, 9102), 0),
    },
    usageRedisKeyPrefix: read('API_USAGE_REDIS_PREFIX', (value) => value ?? 'frostline:usage:', ''),
    evaluation: {
      threads: read(
        'EVALUATE_THREADS',
        integerIn(1, 256, Math.min(4, Math.max(1, availableParallelism() - 1))),
        1,
      ),
      queue: read('EVALUATE_QUEUE', integerIn(0, 100_000, 64), 0),
      maxAdditionalUtxoBytes: read(
        'EVALUATE_MAX_ADDITIONAL_UTXO_BYTES',
        integerIn(0, 64 * 1024 * 1024, 256 * 1024),
        0,
      ),
    },
    logLevel: read('LOG_LEVEL', oneOf(LOG_LEVELS, 'info'), 'info'),
    readyMaxLagSlots: read('API_READY_MAX_LAG_SLOTS', integerIn(0, 1_000_000_000, 600), 0),
    readyMaxReplicationLagSeconds: read(
      'API_READY_MAX_REPLICATION_LAG_SECONDS',
      integerIn(0, 1_000_000_000, 60),
      0,
    ),
    ogmiosUrl: read('OGMIOS_URL', optional(url(['ws:', 'wss:', 'http:', 'https:'])), null),
    evaluator: 'local',
    corsOrigins: read('CORS_ORIGINS', origins, '*'),
    addressUtxoCacheOutputs: read('ADDRESS_UTXO_CACHE_OUTPUTS', integerIn(0, 100_000_000, 100_000), 0),
    blockAddressCacheAddresses: read('BLOCK_ADDRESS_CACHE_ADDRESSES', integerIn(0, 100_000_000, 100_000), 0),
    explorerDir: read('EXPLORER_DIR', optional(String), null),
    demoWalletsFile: read('DEMO_WALLETS_FILE', optional(String), null),
  };
  if (config.connections.headersTimeoutMs > config.connections.requestTimeoutMs)
    problems.push('API_HEADERS_TIMEOUT_MS must not exceed API_REQUEST_TIMEOUT_MS');
  // Behind proxies every client arrives over the proxies' connections: no cap unless one is asked for.
  const defaultCap = config.trustProxy.kind === 'none' ? 64 : 0;
  config.connections.maxPerAddress = read(
    'API_MAX_CONNECTIONS_PER_ADDRESS',
    integerIn(0, 1_000_000, defaultCap),
    0,
  );
  // Proxy to the node when there is one, unless told to evaluate locally.
  config.evaluator = read('EVALUATOR', oneOf(EVALUATORS, config.ogmiosUrl ? 'ogmios' : 'local'), 'local');
  if (config.evaluator === 'ogmios' && !config.ogmiosUrl) problems.push('EVALUATOR=ogmios needs OGMIOS_URL');
  config.tokenHashes = read('API_TOKENS', tokenList, []).concat(read('API_TOKENS_FILE', tokenHashFile, []));
  if (problems.length === 0 && config.tokenHashes.length === 0) {
    problems.push('API_TOKENS or API_TOKENS_FILE must provide at least one project token');
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return config;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `*`, or a comma-separated list of origins (scheme://host[:port], nothing else). */
function origins(value: string | undefined): '*' | string[] {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  return value.split(',').map((item) => {
    const text = item.trim();
    let origin: string | undefined;
    try {
      origin = new URL(text).origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || origin === 'null' || origin !== text)
      throw new Error(`must be * or origins like https://app.example, got "${text}"`);
    return origin;
  });
}

function integerIn(minimum: number, maximum: number, fallback: number) {
  return (value: string | undefined): number => {
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < minimum || number > maximum) {
      throw new Error(`must be an integer from ${minimum} to ${maximum}, got "${value}"`);
    }
    return number;
  };
}

function positiveNumber(fallback: number) {
  return (value: string | undefined): number => {
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!(number > 0) || !Number.isFinite(number))
      throw new Error(`must be a positive number, got "${value}"`);
    return number;
  };
}

function nonNegativeNumber(fallback: number) {
  return (value: string | undefined): number => {
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!(number >= 0) || !Number.isFinite(number))
      throw new Error(`must be a number of 0 or more, got "${value}"`);
    return number;
  };
}

function ipAddress(fallback: string) {
  return (value: string | undefined): string => {
    if (value === undefined || value === '') return fallback;
    if (!isIP(value)) throw new Error(`must be an IP address (127.0.0.1, 0.0.0.0, ::), got "${value}"`);
    return value;
  };
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustedProxies(value: string | undefined): TrustedProxies {
  if (value === undefined || value === '' || value === 'false' || value === '0') return { kind: 'none' };
  if (value === 'true')
    throw new Error(
      'true would trust the client-written X-Forwarded-For: give the number of proxies in front of the API (e.g. 1) or their addresses/CIDRs',
    );
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: integerIn(1, 100, 0)(value) };
  const addresses = value.split(',').map((entry) => entry.trim());
  const bad = addresses.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry));
  if (bad !== undefined)
    throw new Error(`must be false, a number of proxies, or proxy addresses/CIDRs, got "${bad}"`);
  return { kind: 'addresses', addresses };
}

function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function boolean(fallback: boolean) {
  return (value: string | undefined): boolean => {
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new Error(`must be true or false, got "${value}"`);
  };
}

function oneOf<T extends string>(allowed: readonly T[], fallback: T) {
  return (value: string | undefined): T => {
    if (value === undefined || value === '') return fallback;
    if (!allowed.includes(value as T))
      throw new Error(`must be one of ${allowed.join(', ')}, got "${value}"`);
    return value as T;
  };
}

function url(protocols: string[]) {
  return (value: string | undefined): string => {
    if (!value) throw new Error('is required');
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error('is not a URL');
    }
    if (!protocols.includes(parsed.protocol)) throw new Error(`must start with ${protocols.join(' or ')}//`);
    return value;
  };
}

function optional<T>(parse: (value: string) => T) {
  return (value: string | undefined): T | null => (value ? parse(value) : null);
}

/** API_TOKENS: plain tokens, comma-separated; only their hashes are kept. */
function tokenList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '')
    .map(sha256Hex);
}

/** API_TOKENS_FILE: one sha256 hex per line, so tokens are never stored in clear; # starts a comment. */
function tokenHashFile(path: string | undefined): string[] {
  if (!path) return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const lines = text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().toLowerCase())
    .filter((line) => line !== '');
  const bad = lines.find((line) => !SHA256_HEX.test(line));
  if (bad !== undefined)
    throw new Error(`must hold one sha256 hex digest per line, found "${bad.slice(0, 16)}…"`);
  return lines;
}
