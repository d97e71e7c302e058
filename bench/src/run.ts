// The benchmark run (scripts/bench.mjs starts PostgreSQL and Redis, then this): evaluation, the devnet
// streaming the generated ingest chain, ingest of that chain vs the devnet's own streaming rate, the
// PostgreSQL COPY floor under it, a near-empty-block ingest (for the sync-time fit), rollbacks at the
// tip, API load vs a baseline, then the ingest again on top of the API's populated history (growth).
// Writes every figure as JSON to BENCH_RESULTS; scripts/bench.mjs renders the table and BENCHMARKS.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chainOptions, ensureChain, type ChainInfo } from './chain.js';
import { devnetStream, type StreamResult } from './devnet.js';
import { evaluationBench, type EvaluationResult } from './evaluation.js';
import {
  describeBatchSettings,
  devnetCeiling,
  ingest,
  rollbacks,
  type CeilingResult,
  type IngestResult,
  type RollbackResult,
} from './ingest.js';
import { liveBench, type LiveResult } from './live.js';
import {
  loadScenario,
  scenarios,
  startServer,
  worseMiddle,
  type LoadSeconds,
  type ScenarioResult,
  type Server,
} from './load.js';
import type { Scenario } from './scenario.js';
import { TIP_INTERVAL_MS, withAdvancingTip } from './advancing-tip.js';
import { FLOOD_EVALUATIONS, maximalEvaluation, withEvaluationFlood } from './evaluation-flood.js';
import { historyLimit } from './history-scenarios.js';
import { withFullMempool } from './mempool.js';
import { populate, populateScale, scaledPopulateScale, type PopulateResult } from './populate.js';
import { explainScenarios, type Explained } from './explain.js';
import { postgresFloor, type FloorResult } from './floor.js';
import { seedChainBesideHistory } from './growth.js';
import { summarizeProfile, type ProfileLine } from './profile.js';
import { stakeSnapshotBench, type StakeSnapshotResult } from './stake-snapshot.js';

export interface GrowthRun {
  /** of the history under the chain */
  transactions: number;
  outputs: number;
  ingest: IngestResult;
}

export interface BenchResults {
  quick: boolean;
  startedAt: string;
  seconds: number;
  evaluation?: EvaluationResult;
  devnet?: { chain: ChainInfo; stream: StreamResult };
  chain?: ChainInfo;
  ceiling?: CeilingResult;
  /** the median of the measured ingest rounds (by CPU per block) */
  ingest?: IngestResult;
  /** every measured ingest round's CPU and blocks, in the order they ran */
  ingestRounds?: IngestResult['steady'][];
  /** the same chain again, into a database of its own, with the indexer under node --cpu-prof */
  profiledIngest?: IngestResult;
  ingestProfile?: ProfileLine[];
  floor?: FloorResult;
  /** the near-empty-block chain (1 tx per block), for the per-block / per-transaction cost fit */
  sparse?: { chain: ChainInfo; ingest: IngestResult };
  /** the ingest chain again on top of populated histories, smallest first; the last is the API phase's */
  growth?: GrowthRun[];
  rollbacks?: RollbackResult[];
  live?: LiveResult;
  populate?: Omit<PopulateResult, 'samples'>;
  /** the epoch-boundary stake snapshot of the API phase's ledger */
  stakeSnapshot?: StakeSnapshotResult;
  api?: ScenarioResult[];
  explain?: Explained[];
  failures: string[];
}

const env = process.env;
const quick = env.BENCH_QUICK === '1';
const root = env.BENCH_ROOT ?? process.cwd();
const adminUrl = env.BENCH_ADMIN_URL!;
const redisUrl = env.REDIS_URL!;
const cacheDir = env.BENCH_CACHE_DIR ?? path.join(root, '.bench-cache');
const resultsFile = env.BENCH_RESULTS ?? path.join(root, 'bench-results', 'results.json');
const only = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',')) : null;
const runs = (phase: string) => !only || only.has(phase);
// BENCH_SCENARIOS=a|b: only the API rows whose names contain one of these (development: one row's investigation).
// Without it, a quick run loads every row but the history group's, of which only those marked `quick`.
// Split on "|" because row names hold commas ("busy address, random deep page", ", tip advancing").
const scenarioFilter = env.BENCH_SCENARIOS?.split('|') ?? null;
const chosen = (scenario: Scenario) =>
  scenarioFilter
    ? scenarioFilter.some((part) => scenario.name.includes(part))
    : !quick || historyLimit(scenario.name) === null || scenario.quick === true;
const started = performance.now();
const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function onAdmin(statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const dropDatabaseSql = (name: string) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;

async function freshDatabase(name: string): Promise<string> {
  await onAdmin([dropDatabaseSql(name), `CREATE DATABASE ${name}`]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const results: BenchResults = { quick, startedAt: new Date().toISOString(), seconds: 0, failures: [] };
mkdirSync(path.dirname(resultsFile), { recursive: true });
const save = () => {
  results.seconds = (performance.now() - started) / 1000;
  writeFileSync(resultsFile, JSON.stringify(results, null, 2));
};

async function phase(name: string, work: () => Promise<void>) {
  if (!runs(name)) return;
  log(`── ${name}`);
  try {
    await work();
  } catch (error) {
    console.error(error);
    results.failures.push(`${name}: ${(error as Error).message}`);
  }
  save();
}

await phase('evaluation', async () => {
  results.evaluation = evaluationBench(quick ? 0.5 : 2);
  log(
    `evaluation: ${results.evaluation.overall.toFixed(0)} evaluations/s over ${results.evaluation.cases.length} cases`,
  );
});

const ingestBlocks = quick ? 2000 : 20_000;

// The ingest phase's chain: its cache serves both phases, so a first run generates no chain for this phase alone.
await phase('devnet', async () => {
  const chain = await ensureChain(cacheDir, chainOptions(ingestBlocks), log);
  const stream = await devnetStream(root, chain.file, 100);
  results.devnet = { chain: { ...chain, file: path.relative(root, chain.file) }, stream };
  log(
    `devnet streaming: ${stream.blocks} blocks in ${stream.seconds.toFixed(1)} s = ${stream.blocksPerSecond.toFixed(0)} blocks/s, ` +
      `${stream.megabytesPerSecond.toFixed(0)} MB/s (indexed in ${stream.indexSeconds.toFixed(1)} s)`,
  );
});

// BENCH_INGEST_ROUNDS: measured ingests of the chain (default: 3, quick: 1).
const ingestRounds = Number(env.BENCH_INGEST_ROUNDS ?? (quick ? 1 : 3));
if (!Number.isInteger(ingestRounds) || ingestRounds < 1)
  throw new Error(`BENCH_INGEST_ROUNDS must be a positive integer, not ${env.BENCH_INGEST_ROUNDS}`);
const logIngest = (name: string, r: IngestResult) =>
  log(
    `${name}: ${r.blocks} blocks in ${r.seconds.toFixed(1)} s = ${r.blocksPerSecond.toFixed(0)} blocks/s, ${r.txPerSecond.toFixed(0)} tx/s, ` +
      `${r.rowsPerSecond.toFixed(0)} rows/s; CPU ${r.cpuMsPerBlock.toFixed(2)} ms/block (PostgreSQL ${r.steady.postgresCpuSeconds.toFixed(1)} s over ${r.steady.blocks} blocks; beside it ` +
      `this process ${(r.steady.sourceCpuSeconds ?? 0).toFixed(1)} s, the rest of the machine ${(r.steady.otherCpuSeconds ?? 0).toFixed(1)} s); ` +
      `peak RSS ${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
  );
// BENCH_BATCH_SIZE / BENCH_BATCH_TRANSACTIONS: the indexer's catch-up batch bounds (unset: its defaults).
const batchSettings: Record<string, string> = Object.fromEntries(
  [
    ['INDEXER_BATCH_SIZE', env.BENCH_BATCH_SIZE],
    ['INDEXER_BATCH_TRANSACTIONS', env.BENCH_BATCH_TRANSACTIONS],
  ].filter((setting): setting is [string, string] => Boolean(setting[1])),
);
const ingestOptions = async (databaseUrl: string) => ({
  root,
  databaseUrl,
  redisUrl,
  metricsPort: await freePort(),
  batchSettings,
  profileDir: null,
  log,
});

let ingestUrl: string | null = null;
await phase('ingest', async () => {
  const blocks = ingestBlocks;
  const chain = await ensureChain(cacheDir, chainOptions(blocks), log);
  results.chain = { ...chain, file: path.relative(root, chain.file) };
  results.ceiling = await devnetCeiling(chain.file, log);
  if (env.BENCH_PROFILE !== '0') {
    // A run of its own: the profiler's sampling costs the indexer CPU of its own (bench/ANALYSIS.md), so the measured
    // ingest below runs without it.
    const profileDir = path.join(root, 'bench-results', 'profile');
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    log(`indexing ${blocks} blocks from empty under the CPU profiler`);
    const profiled = await ingest({
      ...(await ingestOptions(await freshDatabase('bench_ingest_profiled'))),
      chainFile: chain.file,
      profileDir,
    });
    await onAdmin([dropDatabaseSql('bench_ingest_profiled')]);
    results.profiledIngest = profiled;
    logIngest('ingest under the profiler', profiled);
    if (profiled.cpuProfile)
      results.ingestProfile = summarizeProfile(JSON.parse(readFileSync(profiled.cpuProfile, 'utf8')), 25);
  }
  // The same code's CPU per block varied by ±7% between single ingests on this shared machine (bench/ANALYSIS.md), as
  // the API's windows do: the goals' figures are the median round's, every round shown beside them.
  const rounds: IngestResult[] = [];
  for (let round = 1; round <= ingestRounds; round++) {
    ingestUrl = await freshDatabase('bench_ingest');
    log(
      `indexing ${blocks} blocks from empty, round ${round} of ${ingestRounds} (${describeBatchSettings(batchSettings)})`,
    );
    const measured = await ingest({ ...(await ingestOptions(ingestUrl)), chainFile: chain.file });
    logIngest(`ingest round ${round}`, measured);
    rounds.push(measured);
  }
  results.ingest = worseMiddle(rounds, (a, b) => b.cpuMsPerBlock - a.cpuMsPerBlock, 'ingest');
  results.ingestRounds = rounds.map(({ steady }) => steady);
});

// Before the rollbacks, which shorten the ingested chain.
await phase('floor', async () => {
  if (!ingestUrl) throw new Error('no ingested database');
  results.floor = await postgresFloor(ingestUrl, log);
});

await phase('sparse', async () => {
  const chain = await ensureChain(cacheDir, chainOptions(quick ? 1000 : 10_000, 1), log);
  const sparse = await ingest({
    ...(await ingestOptions(await freshDatabase('bench_sparse'))),
    chainFile: chain.file,
  });
  results.sparse = { chain: { ...chain, file: path.relative(root, chain.file) }, ingest: sparse };
  logIngest('near-empty blocks', sparse);
});

await phase('rollback', async () => {
  if (!ingestUrl) throw new Error('no ingested database');
  // Five 10-block and three 100-block rollbacks in a row: the first of each is the coldest case, the median what a
  // following indexer meets; one of the deepest, which takes seconds.
  results.rollbacks = await rollbacks(
    root,
    ingestUrl,
    [
      { depth: 10, times: 5 },
      { depth: 100, times: 3 },
      { depth: quick ? 1000 : 2160, times: 1 },
    ],
    log,
  );
});

await phase('live', async () => {
  const live = await liveBench({
    root,
    databaseUrl: await freshDatabase('bench_live'),
    redisUrl,
    metricsPort: await freePort(),
    payments: quick ? 200 : 2000,
    plutusSpends: quick ? 10 : 100,
    log,
  });
  results.live = live;
  log(
    `live: payments validated ${live.payments.validatedPerSecond.toFixed(0)}/s, forged ${live.payments.forgedPerSecond.toFixed(0)}/s; ` +
      `Plutus spends validated ${live.plutus.validatedPerSecond.toFixed(0)}/s; indexer lag median ${live.indexerLagMs.median.toFixed(0)} ms`,
  );
});

// BENCH_API_SCALE=f: the api phase's history at the fraction f of the full scale, whatever the run's windows.
const apiScale = env.BENCH_API_SCALE
  ? scaledPopulateScale(populateScale(false), Number(env.BENCH_API_SCALE))
  : populateScale(quick);
if (!(apiScale.blocks > 0 && apiScale.blocks <= populateScale(false).blocks))
  throw new Error(`BENCH_API_SCALE must be a fraction in (0, 1], not ${env.BENCH_API_SCALE}`);
let populatedUrl: string | null = null;
await phase('api', async () => {
  const url = await freshDatabase('bench_api');
  const populated = await populate(url, quick, log, apiScale);
  populatedUrl = url;
  const { samples, ...rest } = populated;
  results.populate = rest;
  log(
    `populated in ${populated.seconds.total.toFixed(0)} s; database ${(populated.databaseBytes / 2 ** 30).toFixed(2)} GiB`,
  );
  results.stakeSnapshot = await stakeSnapshotBench(url, log);
  save();
  // For the load generators, a process of their own for each scenario and server.
  const samplesFile = path.join(path.dirname(resultsFile), 'api-samples.json');
  writeFileSync(samplesFile, JSON.stringify(samples));
  const token = 'bench-token';
  const serverEnv = { DATABASE_URL: url, REDIS_URL: redisUrl, BENCH_TOKEN: token, BENCH_ROOT: root };
  const ours = await startServer('ours', serverEnv, await freePort());
  // Issue #16: the address rows again with nothing reused, by a second instance of our API with its address
  // page cache off. Started for those runs only: idle beside the others, its own housekeeping (V8 shrinking
  // its heap with full collections a while after startup or load) took the cores from the measured server
  // (a 234 ms stall of ours beside two 130-240 ms collections of the idle instance, with BENCH_ONLY=api).
  const withUncached = async <T>(use: (server: Server) => Promise<T>): Promise<T> => {
    const oursUncached = await startServer(
      'ours',
      { ...serverEnv, ADDRESS_UTXO_CACHE_OUTPUTS: '0' },
      await freePort(),
    );
    try {
      return await use(oursUncached);
    } finally {
      await oursUncached.stop();
    }
  };
  const baseline = await startServer('baseline', serverEnv, await freePort());
  try {
    results.api = [];
    const seconds: LoadSeconds = quick
      ? { warmup: 1, fixed: 1, rounds: 3, max: 1 }
      : { warmup: 3, fixed: 5, rounds: 3, max: 5 };
    const load = (scenario: Scenario, servers = { ours, baseline }) =>
      loadScenario(scenario, servers, token, samplesFile, seconds, log);
    const named = (scenario: Scenario, condition: string) => ({
      ...scenario,
      name: `${scenario.name}, ${condition}`,
    });
    for (const scenario of scenarios(samples).filter(chosen)) {
      if (scenario.mempool) continue;
      results.api.push(await load(scenario));
      if (!scenario.tipCached) continue;
      // The keys come from a fixed sample and no block arrives otherwise, so most of the row above reuses
      // cached pages: again while blocks arrive (both servers loaded under them), and with the cache off.
      const advancing = await withAdvancingTip(url, TIP_INTERVAL_MS, () =>
        load(named(scenario, 'tip advancing')),
      );
      log(`    (${advancing.blocks} blocks arrived during the load)`);
      results.api.push(advancing.result);
      results.api.push(
        await withUncached((oursUncached) =>
          load(named(scenario, 'cache off'), { ours: oursUncached, baseline }),
        ),
      );
    }
    // Issue #54: a light request beside 16 concurrent maximal evaluations (the flood loads our API only; the
    // baseline serves no evaluation and is measured beside the same flood, so both share the machine it loads).
    const latest = scenarios(samples).find((scenario) => scenario.name === 'GET /blocks/latest')!;
    const flooded = named(latest, `beside ${FLOOD_EVALUATIONS} concurrent maximal evaluations`);
    if (chosen(flooded)) {
      const flood = await withEvaluationFlood(ours.url, token, maximalEvaluation(root), () => load(flooded));
      log(`    (evaluations answered during the load, by status: ${JSON.stringify(flood.statuses)})`);
      results.api.push({ ...flood.result, evaluations: flood.statuses });
    }
    // Issue #52: the mempool rows against a devnet holding a full mempool, by a server of each kind pointed at it.
    const mempoolRows = scenarios(samples).filter((scenario) => scenario.mempool && chosen(scenario));
    if (mempoolRows.length)
      await withFullMempool(log, async (ogmiosUrl, transactions) => {
        const nodeEnv = { ...serverEnv, OGMIOS_URL: ogmiosUrl };
        const servers = {
          ours: await startServer('ours', nodeEnv, await freePort()),
          baseline: await startServer('baseline', nodeEnv, await freePort()),
        };
        try {
          for (const scenario of mempoolRows)
            results.api!.push(
              await load(named(scenario, `a full mempool (${transactions} transactions)`), servers),
            );
        } finally {
          await servers.ours.stop();
          await servers.baseline.stop();
        }
      });
    results.explain = await explainScenarios(url, samples);
  } finally {
    await ours.stop();
    await baseline.stop();
  }
});

// After the API load, so its numbers are not affected: first on a quarter-size history of its own
// (an intermediate point of the rate-vs-size curve), then on the database the API phase populated.
await phase('growth', async () => {
  const chain = await ensureChain(cacheDir, chainOptions(ingestBlocks), log);
  const onHistory = async (url: string, history: Omit<PopulateResult, 'samples'>) => {
    await seedChainBesideHistory(root, url, chain.file, log);
    const run = await ingest({ ...(await ingestOptions(url)), chainFile: chain.file });
    logIngest(`ingest on a history of ${history.counts.tx} transactions`, run);
    results.growth = [
      ...(results.growth ?? []),
      { transactions: history.counts.tx!, outputs: history.counts.tx_out!, ingest: run },
    ];
    save();
  };
  const quarter = scaledPopulateScale(populateScale(quick), 1 / 4);
  const quarterUrl = await freshDatabase('bench_growth');
  const { samples: _quarterSamples, ...quarterHistory } = await populate(quarterUrl, quick, log, quarter);
  await onHistory(quarterUrl, quarterHistory);
  // its ≈ 8 GB are not needed for the next point, whose ingest adds to the disk's peak
  await onAdmin([dropDatabaseSql('bench_growth')]);
  let url = populatedUrl;
  if (!url) {
    url = await freshDatabase('bench_api');
    const { samples: _unused, ...rest } = await populate(url, quick, log);
    results.populate = rest;
  }
  await onHistory(url, results.populate!);
});

save();
log(
  `done in ${((performance.now() - started) / 60000).toFixed(1)} min${results.failures.length ? `; failures: ${results.failures.join('; ')}` : ''}`,
);
process.exit(results.failures.length ? 1 : 0);
