import { isIP } from 'node:net';

/** Indexer settings, read from the environment once and validated; see docs/configuration.md. */
export interface IndexerConfig {
  databaseUrl: string;
  redisUrl: string;
  /** ws:// or wss:// address of Ogmios v6 (started with --include-cbor) */
  ogmiosUrl: URL;
  network: 'mainnet' | 'preprod' | 'preview' | 'custom';
  /** where to start when the database is empty: the origin, or just after a point */
  startPoint: 'origin' | { slot: number; id: string };
  /** blocks per database transaction while catching up, at most */
  batchSize: number;
  /** transactions per database transaction while catching up, at most */
  batchTransactions: number;
  /** off-chain token registry (CIP-26 /metadata/{subject}); null disables the refresh */
  tokenRegistryUrl: URL | null;
  tokenRegistryRefreshMs: number;
  /** period of the refresh of every nut.link oracle's off-chain metadata; 0 fetches none at all */
  nutlinkMetadataRefreshMs: number;
  /** period of the fetch of governance anchors without a document yet; 0 fetches none */
  governanceAnchorRefreshMs: number;
  /** period of the refresh of every pool's off-chain metadata (also fetched when a registration is indexed); 0: none */
  poolMetadataRefreshMs: number;
  /**
   * let off-chain fetches (URLs written on chain) reach loopback, private and link-local addresses, as a
   * devnet whose metadata server runs on localhost needs; refused by default
   */
  offChainFetchAllowPrivate: boolean;
  /** at least once per epoch every registered account is refreshed; touched ones after each batch */
  logLevel: string;
  /** Prometheus /metrics, /health and /ready; 0 disables the HTTP server */
  metricsPort: number;
  /** address the HTTP server binds: loopback unless a container exposes it (0.0.0.0, ::) */
  metricsHost: string;
  /** /ready fails when the indexer is more than this many slots behind the node */
  readyMaxLagSlots: number;
  /** BullMQ key prefix, so several deployments can share one Redis */
  queuePrefix: string;
  /** run the token-registry and rewards workers inside the indexer, or leave them to `worker.js` processes */
  inProcessWorkers: boolean;
  /**
   * index transactions that arrive without their CBOR (Ogmios without --include-cbor): their size
   * is then 0 and /txs/{hash}/cbor answers 404; by default the indexer stops on the first one
   */
  allowMissingTxCbor: boolean;
}

export class ConfigError extends Error {}

const NETWORKS = ['mainnet', 'preprod', 'preview', 'custom'] as const;

// Blockfrost's defaults: only mainnet has a public registry that answers today
// (docs/semantics.md#assets-the-token-registry).
const DEFAULT_TOKEN_REGISTRY: Record<IndexerConfig['network'], string | null> = {
  mainnet: 'https://tokens.cardano.org',
  preprod: null,
  preview: null,
  custom: null,
};

function url(name: string, value: string | undefined, protocols: string[]): URL {
  if (!value) throw new ConfigError(`${name} is required`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return parsed;
}

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

function ipAddress(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!isIP(value))
    throw new ConfigError(`${name} must be an IP address (127.0.0.1, 0.0.0.0, ::), got "${value}"`);
  return value;
}

function startPoint(value: string | undefined): IndexerConfig['startPoint'] {
  if (!value || value === 'origin') return 'origin';
  const match = /^(\d+)\.([0-9a-f]{64})$/.exec(value);
  if (!match)
    throw new ConfigError(
      `INDEXER_START_POINT must be "origin" or "<slot>.<block hash hex>", got "${value}"`,
    );
  return { slot: Number(match[1]), id: match[2]! };
}

function workers(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'in-process') return true;
  if (value === 'separate') return false;
  throw new ConfigError(`INDEXER_WORKERS must be "in-process" or "separate", got "${value}"`);
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${value}"`);
}

/** The configuration, or the process's exit (status 2) with the reason when it is invalid. */
export function readIndexerConfigOrExit(env: NodeJS.ProcessEnv, program: string): IndexerConfig {
  try {
    return readIndexerConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${program}: invalid configuration: ${error.message}`);
    process.exit(2);
  }
}

export function readIndexerConfig(env: NodeJS.ProcessEnv): IndexerConfig {
  const network = (env.NETWORK ?? 'mainnet') as IndexerConfig['network'];
  if (!NETWORKS.includes(network))
    throw new ConfigError(`NETWORK must be one of ${NETWORKS.join(', ')}, got "${network}"`);
  const ogmiosUrl = url('OGMIOS_URL', env.OGMIOS_URL, ['ws:', 'wss:', 'http:', 'https:']);
  const registry = env.TOKEN_REGISTRY_URL ?? DEFAULT_TOKEN_REGISTRY[network] ?? '';
  return {
    databaseUrl: url('DATABASE_URL', env.DATABASE_URL, ['postgresql:', 'postgres:']).toString(),
    redisUrl: url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']).toString(),
    ogmiosUrl,
    network,
    startPoint: startPoint(env.INDEXER_START_POINT),
    // The more of a batch's spends fall on its own outputs, the fewer outputs are stored as live and deleted when
    // spent: these batches cost PostgreSQL less CPU per block than half of each did in the ingest benchmark,
    // for more peak memory (bench/ANALYSIS.md).
    batchSize: integer('INDEXER_BATCH_SIZE', env.INDEXER_BATCH_SIZE, 2000, 1),
    batchTransactions: integer('INDEXER_BATCH_TRANSACTIONS', env.INDEXER_BATCH_TRANSACTIONS, 40_000, 1),
    tokenRegistryUrl: registry ? url('TOKEN_REGISTRY_URL', registry, ['http:', 'https:']) : null,
    tokenRegistryRefreshMs: integer(
      'TOKEN_REGISTRY_REFRESH_MS',
      env.TOKEN_REGISTRY_REFRESH_MS,
      24 * 3600_000,
      1000,
    ),
    nutlinkMetadataRefreshMs: integer(
      'NUTLINK_METADATA_REFRESH_MS',
      env.NUTLINK_METADATA_REFRESH_MS,
      24 * 3600_000,
      0,
    ),
    governanceAnchorRefreshMs: integer(
      'GOVERNANCE_ANCHOR_REFRESH_MS',
      env.GOVERNANCE_ANCHOR_REFRESH_MS,
      60_000,
      0,
    ),
    poolMetadataRefreshMs: integer(
      'POOL_METADATA_REFRESH_MS',
      env.POOL_METADATA_REFRESH_MS,
      24 * 3600_000,
      0,
    ),
    offChainFetchAllowPrivate: flag('OFF_CHAIN_FETCH_ALLOW_PRIVATE', env.OFF_CHAIN_FETCH_ALLOW_PRIVATE),
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsPort: integer('INDEXER_METRICS_PORT', env.INDEXER_METRICS_PORT, 9101, 0),
    metricsHost: ipAddress('INDEXER_METRICS_HOST', env.INDEXER_METRICS_HOST, '127.0.0.1'),
    readyMaxLagSlots: integer('INDEXER_READY_MAX_LAG_SLOTS', env.INDEXER_READY_MAX_LAG_SLOTS, 600, 0),
    queuePrefix: env.INDEXER_QUEUE_PREFIX || 'frostline',
    inProcessWorkers: workers(env.INDEXER_WORKERS),
    allowMissingTxCbor: flag('INDEXER_ALLOW_MISSING_CBOR', env.INDEXER_ALLOW_MISSING_CBOR),
  };
}
