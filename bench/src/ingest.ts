// Ingest and rollback: the generated chain served by the devnet, indexed from empty by the real
// indexer (apps/indexer/dist/main.js in a child process, so its RSS and CPU are its own), then
// rolled back at the tip with ChainStore.rollBackTo.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createChainSynchronizationClient, createInteractionContext } from '@cardano-ogmios/client';
import { applyMigrations, createPrismaClient } from '@frostline/db';
import { INDEXER_NODE_FLAGS } from '@frostline/indexer/node-flags';
import pg from 'pg';
import { serveChain } from './chain.js';
import { machineBusySeconds, postgresCpuSeconds, postmasterPid, processCpu } from './proc-cpu.js';

export interface CeilingResult {
  blocks: number;
  transactions: number;
  seconds: number;
  blocksPerSecond: number;
}

/** How fast the devnet alone streams the chain to a client that only counts (inFlight 100). */
export async function devnetCeiling(chainFile: string, log: (line: string) => void): Promise<CeilingResult> {
  const { devnet, tipHeight } = await serveChain(chainFile);
  try {
    const context = await createInteractionContext(
      () => undefined,
      () => undefined,
      { connection: { host: '127.0.0.1', port: devnet.port } },
    );
    let blocks = 0;
    let transactions = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      createChainSynchronizationClient(
        context,
        {
          rollForward: async ({ block }, requestNext) => {
            blocks += 1;
            transactions += 'transactions' in block ? (block.transactions?.length ?? 0) : 0;
            if ('height' in block && block.height >= tipHeight) resolve();
            requestNext();
          },
          rollBackward: async (_point, requestNext) => requestNext(),
        },
        { sequential: true },
      )
        .then((client) => client.resume(['origin'], 100))
        .catch(reject);
    });
    const seconds = (performance.now() - started) / 1000;
    context.socket.close();
    log(
      `devnet alone: ${blocks} blocks in ${seconds.toFixed(1)} s (${(blocks / seconds).toFixed(0)} blocks/s)`,
    );
    return { blocks, transactions, seconds, blocksPerSecond: blocks / seconds };
  } finally {
    await devnet.close();
  }
}

export interface IngestResult {
  blocks: number;
  transactions: number;
  rows: number;
  /** from the first block stored to the tip */
  seconds: number;
  /** from spawning the indexer to the tip (startup, genesis, connections included) */
  wallSeconds: number;
  /** over `steady`, as the transactions and rows per second */
  blocksPerSecond: number;
  txPerSecond: number;
  rowsPerSecond: number;
  peakRssBytes: number;
  /** the INDEXER_BATCH_* settings the indexer ran with; none: its defaults */
  batchSettings: Record<string, string>;
  decodeSeconds: number;
  databaseSeconds: number;
  batches: number;
  /** V8's collector in the indexer over the whole run, by kind (prom-client's `nodejs_gc_duration_seconds`) */
  gcSeconds: { minor: number; major: number; incremental: number };
  /** the indexer process */
  cpuSeconds: { user: number; system: number };
  /**
   * From the first committed batch to the tip (the indexer's startup and first batch left out, which
   * weigh heavily in a short run): blocks, wall-clock and CPU of the indexer process and of every
   * process of the PostgreSQL instance. Per-block costs come from here. When the indexer deferred
   * address_utxo, up to the last batch before the one that filled it at the tip: the fill is a
   * one-time cost of a sync, not a cost per block (`addressUtxoFill`).
   */
  steady: {
    blocks: number;
    seconds: number;
    indexerCpuSeconds: number;
    postgresCpuSeconds: number;
    /**
     * Beside them, not counted in the goal: this benchmark process (the devnet serving the chain, the metrics polls)
     * and the rest of the machine (Redis, the kernel's writeback, anything else); absent in older results.
     */
    sourceCpuSeconds?: number;
    otherCpuSeconds?: number;
  };
  /** address_utxo filled at the tip after a deferral: what the fill took, and the live outputs it wrote */
  addressUtxoFill: { seconds: number; rows: number } | null;
  /** (indexer + PostgreSQL CPU) / blocks, over `steady` */
  cpuMsPerBlock: number;
  cpuProfile: string | null;
  /** before the indexer started: 0-ish from empty, the populated history for the growth run */
  startDatabaseBytes: number;
  databaseBytes: number;
  /** pg_stat_statements of the ingest database, top statements by total execution time */
  statements: StatementStat[];
}

/** 'the indexer's defaults', or the settings as NAME=value. */
export function describeBatchSettings(settings: Record<string, string>): string {
  const set = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  return set.length ? set.join(', ') : "the indexer's default batch bounds";
}

/** The real indexer (apps/indexer/dist/main.js) in its own process, following `ogmiosUrl` (custom network). */
export function spawnIndexer(options: {
  root: string;
  databaseUrl: string;
  redisUrl: string;
  ogmiosUrl: string;
  metricsPort: number;
  nodeArgs?: string[];
  env?: Record<string, string>;
}): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...INDEXER_NODE_FLAGS,
      ...(options.nodeArgs ?? []),
      path.join(options.root, 'apps/indexer/dist/main.js'),
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        OGMIOS_URL: options.ogmiosUrl,
        NETWORK: 'custom',
        INDEXER_METRICS_PORT: String(options.metricsPort),
        LOG_LEVEL: 'warn',
        TOKEN_REGISTRY_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** As long as a stop may take (the batch in progress written, each job's current fetch done) before it is a hang. */
const STOP_LIMIT_MS = 120_000;

/** Waits for the signalled indexer to exit; one still running after the limit is killed and the run fails, not hangs. */
async function stopWithin(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), STOP_LIMIT_MS)));
  const outcome = await Promise.race([exited, limit]).finally(() => clearTimeout(timer));
  if (outcome !== 'hung') return;
  child.kill('SIGKILL');
  await exited;
  throw new Error(`the indexer did not stop within ${STOP_LIMIT_MS / 1000} s of SIGTERM`);
}

/** A sample of a Prometheus text exposition (0 when absent). */
export function metric(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

function procStatus(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function ingest(options: {
  root: string;
  chainFile: string;
  databaseUrl: string;
  redisUrl: string;
  metricsPort: number;
  /** INDEXER_BATCH_SIZE / INDEXER_BATCH_TRANSACTIONS for the indexer; none: its defaults */
  batchSettings: Record<string, string>;
  profileDir: string | null;
  log: (line: string) => void;
}): Promise<IngestResult> {
  const { log } = options;
  await applyMigrations(options.databaseUrl);
  const setup = new pg.Client({ connectionString: options.databaseUrl });
  await setup.connect();
  await setup.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
  await setup.query('SELECT pg_stat_statements_reset()').catch(() => undefined);
  const postmaster = await postmasterPid(setup);
  const before = await chainCounts(setup);
  await setup.end();
  const { devnet, tipHeight } = await serveChain(options.chainFile);
  try {
    const spawned = performance.now();
    const child = spawnIndexer({
      ...options,
      ogmiosUrl: devnet.url,
      nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
      env: options.batchSettings,
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    const metricsUrl = `http://127.0.0.1:${options.metricsPort}/metrics`;
    let text = '';
    let firstBlockAt: number | null = null;
    const cpuNow = () => {
      const indexer = processCpu(child.pid!);
      const source = process.cpuUsage();
      return {
        indexer: indexer.user + indexer.system,
        postgres: postgresCpuSeconds(postmaster),
        source: (source.user + source.system) / 1e6,
        machine: machineBusySeconds(),
      };
    };
    type Snapshot = { height: number; at: number; cpu: ReturnType<typeof cpuNow> };
    const atSpawn = cpuNow();
    let steadyFrom: Snapshot | null = null;
    // (asserted: TypeScript takes an initial null for the variable's type in the loop below)
    let lastDeferred = null as Snapshot | null;
    let lastLog = performance.now();
    let peakRss = 0;
    for (;;) {
      if (exitCode !== undefined)
        throw new Error(`the indexer exited with code ${exitCode} before reaching the tip`);
      await new Promise((r) => setTimeout(r, 100));
      peakRss = Math.max(peakRss, procStatus(child.pid!, 'VmHWM'));
      try {
        text = await (await fetch(metricsUrl)).text();
      } catch {
        continue;
      }
      const height = metric(text, 'indexer_block_height');
      if (firstBlockAt === null && metric(text, 'indexer_blocks_total') > 0) {
        firstBlockAt = performance.now();
        steadyFrom = { height, at: firstBlockAt, cpu: cpuNow() };
      }
      // When a batch committed while address_utxo was deferred (as the window's start, when the first one did)
      if (metric(text, 'indexer_address_utxo_deferred') === 1 && height !== lastDeferred?.height)
        lastDeferred = { height, at: performance.now(), cpu: cpuNow() };
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`  indexer at height ${height} / ${tipHeight}`);
      }
      if (height >= tipHeight) break;
    }
    const reached = performance.now();
    const cpu = processCpu(child.pid!);
    const cpuAtTip = cpuNow();
    const from = steadyFrom ?? { height: 0, at: spawned, cpu: atSpawn };
    const fillSeconds = metric(text, 'indexer_address_utxo_fill_seconds');
    const to =
      fillSeconds > 0 && lastDeferred && lastDeferred.height > from.height
        ? lastDeferred
        : { height: metric(text, 'indexer_block_height'), at: reached, cpu: cpuAtTip };
    const spent = (part: keyof typeof from.cpu) => to.cpu[part] - from.cpu[part];
    const steady = {
      blocks: to.height - from.height,
      seconds: (to.at - from.at) / 1000,
      indexerCpuSeconds: spent('indexer'),
      postgresCpuSeconds: spent('postgres'),
      sourceCpuSeconds: spent('source'),
      otherCpuSeconds: spent('machine') - spent('indexer') - spent('postgres') - spent('source'),
    };
    peakRss = Math.max(peakRss, procStatus(child.pid!, 'VmHWM'));
    child.kill('SIGTERM');
    await stopWithin(child, exited);
    const rows = metric(text, 'indexer_rows_written_total');
    const seconds = (reached - (firstBlockAt ?? spawned)) / 1000;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    const after = await chainCounts(client);
    // From the database: the metrics count only batches that committed on the first attempt.
    const blocks = after.blocks - before.blocks;
    const transactions = after.transactions - before.transactions;
    const statements = await topStatements(client, 12);
    const addressUtxoFill =
      fillSeconds > 0
        ? {
            seconds: fillSeconds,
            rows: Number((await client.query('SELECT count(*) AS n FROM address_utxo')).rows[0].n),
          }
        : null;
    await client.end();
    let cpuProfile: string | null = null;
    if (options.profileDir) {
      const { readdirSync } = await import('node:fs');
      cpuProfile =
        readdirSync(options.profileDir)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(options.profileDir!, f))
          .at(-1) ?? null;
    }
    return {
      blocks,
      transactions,
      rows,
      seconds,
      wallSeconds: (reached - spawned) / 1000,
      blocksPerSecond: steady.blocks / steady.seconds,
      txPerSecond: ((transactions / blocks) * steady.blocks) / steady.seconds,
      rowsPerSecond: ((rows / blocks) * steady.blocks) / steady.seconds,
      peakRssBytes: peakRss,
      batchSettings: options.batchSettings,
      decodeSeconds: metric(text, 'indexer_batch_seconds_sum', '{phase="decode"}'),
      databaseSeconds: metric(text, 'indexer_batch_seconds_sum', '{phase="database"}'),
      batches: metric(text, 'indexer_batch_seconds_count', '{phase="database"}'),
      gcSeconds: {
        minor: metric(text, 'nodejs_gc_duration_seconds_sum', '{kind="minor"}'),
        major: metric(text, 'nodejs_gc_duration_seconds_sum', '{kind="major"}'),
        incremental: metric(text, 'nodejs_gc_duration_seconds_sum', '{kind="incremental"}'),
      },
      cpuSeconds: cpu,
      steady,
      cpuMsPerBlock: ((steady.indexerCpuSeconds + steady.postgresCpuSeconds) * 1000) / steady.blocks,
      addressUtxoFill,
      cpuProfile,
      startDatabaseBytes: before.bytes,
      databaseBytes: after.bytes,
      statements,
    };
  } finally {
    await devnet.close();
  }
}

async function chainCounts(
  client: pg.Client,
): Promise<{ blocks: number; transactions: number; bytes: number }> {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM block WHERE era <> 'genesis') AS blocks, (SELECT count(*) FROM tx) AS transactions,
            pg_database_size(current_database()) AS bytes`,
  );
  return {
    blocks: Number(rows[0].blocks),
    transactions: Number(rows[0].transactions),
    bytes: Number(rows[0].bytes),
  };
}

export interface StatementStat {
  query: string;
  calls: number;
  totalMs: number;
  meanMs: number;
  rows: number;
}

export interface RollbackResult {
  depth: number;
  /** the first rollback at this depth: a fresh client right after a database-wide VACUUM ANALYZE, the coldest case */
  ms: number;
  /** every rollback at this depth in turn, the first included, each from the tip the one before left */
  runsMs: number[];
  /** the median of runsMs: what a following indexer, its connections and caches warm, meets */
  medianMs: number;
  removed: number;
  /** pg_stat_statements during the first rollback (nested statements included: cascades, SET NULL) */
  statements: StatementStat[];
}

export interface RollbackDepth {
  depth: number;
  /** rollbacks of this depth in a row */
  times: number;
}

export async function topStatements(client: pg.Client, limit: number): Promise<StatementStat[]> {
  return client
    .query(
      `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query, calls, total_exec_time AS total, mean_exec_time AS mean, rows
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%'
       ORDER BY total_exec_time DESC LIMIT ${limit}`,
    )
    .then((r) =>
      r.rows.map((x) => ({
        query: x.query,
        calls: Number(x.calls),
        totalMs: x.total,
        meanMs: x.mean,
        rows: Number(x.rows),
      })),
    )
    .catch(() => []);
}

/**
 * Rolls the ingested database back at its tip by each depth in turn, a given number of times in a row
 * (each rollback starts from the tip the previous one left), timing ChainStore.rollBackTo: one
 * transaction with the stake-balance undo and the cascading delete.
 */
interface RollbackStore {
  load(): Promise<void>;
  rollBackTo(point: { slot: number; id: string } | 'origin'): Promise<number>;
}
/** The indexer's ChainStore as loaded from its build (its package exports only its entry points). */
export type ChainStoreConstructor<Store> = new (
  prisma: unknown,
  options: {
    networkId: number;
    chainTime: unknown;
    securityParameter: number;
    genesisDelegates: ReadonlySet<string>;
  },
) => Store;

/** The middle value (the lower of the two middle ones for an even count, a time that was measured). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function rollbacks(
  root: string,
  databaseUrl: string,
  depths: RollbackDepth[],
  log: (line: string) => void,
): Promise<RollbackResult[]> {
  // The indexer's package exports only its entry points, so its ChainStore is loaded from the build.
  const { ChainStore } = (await import(
    pathToFileURL(path.join(root, 'apps/indexer/dist/sink/chain-store.js')).href
  )) as {
    ChainStore: ChainStoreConstructor<RollbackStore>;
  };
  const prisma = createPrismaClient(databaseUrl, { maxConnections: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const results: RollbackResult[] = [];
  try {
    await client.query('VACUUM ANALYZE');
    // chainTime and the genesis delegates are only used to decode and project blocks, which a rollback does not do.
    const store = new ChainStore(prisma, {
      networkId: 0,
      chainTime: undefined,
      securityParameter: 2160,
      genesisDelegates: new Set(),
    });
    for (const { depth, times } of depths) {
      const runsMs: number[] = [];
      let removed = 0;
      let statements: StatementStat[] = [];
      for (let run = 0; run < times; run++) {
        await store.load();
        const { rows } = await client.query(
          `SELECT slot, encode(hash, 'hex') AS hash FROM block WHERE era <> 'genesis' ORDER BY id DESC OFFSET $1 LIMIT 1`,
          [depth],
        );
        if (!rows[0]) throw new Error(`the database has fewer than ${depth} blocks`);
        await client.query('SELECT pg_stat_statements_reset()').catch(() => undefined);
        const started = performance.now();
        removed = await store.rollBackTo({ slot: Number(rows[0].slot), id: rows[0].hash });
        runsMs.push(performance.now() - started);
        if (run === 0) statements = await topStatements(client, 8);
        log(`rollback of ${removed} blocks: ${runsMs.at(-1)!.toFixed(0)} ms`);
      }
      results.push({ depth, ms: runsMs[0]!, runsMs, medianMs: median(runsMs), removed, statements });
    }
  } finally {
    await client.end();
    await prisma.$disconnect();
  }
  return results;
}
