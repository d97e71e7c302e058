// `npm test`: starts a throw-away PostgreSQL and Redis, runs every package's jest suite through turbo
// with TEST_DATABASE_URL/TEST_REDIS_URL pointing at them, prints one summary line, stops them.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SetupError, ensureChromium, freePort, startEmbeddedPostgres, startRedis } from './lib/services.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const workDir = path.join(root, '.test-data');
const resultFile = '.jest-results.json';

/** Workspace folders (pnpm-workspace.yaml globs of the form `dir/*` or `dir`). */
function workspacePackages() {
  const globs = [
    ...readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+([\w./*-]+)/gm),
  ].map((m) => m[1]);
  return globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(path.join(root, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
      : [glob],
  );
}

async function main() {
  rmSync(workDir, { recursive: true, force: true });
  for (const dir of workspacePackages()) rmSync(path.join(root, dir, resultFile), { force: true });

  const postgres = await startEmbeddedPostgres({
    dir: path.join(workDir, 'pg'),
    port: await freePort(),
    database: 'postgres',
  });
  const redis = await startRedis({
    dir: path.join(workDir, 'redis'),
    port: await freePort(),
    persistent: false,
  });
  console.log(
    `› test services: PostgreSQL ${postgres.adminUrl.replace(/:[^:@]*@/, ':***@')}, Redis ${redis.url}`,
  );

  // The explorer's browser tests drive Debian's Chromium: installed here, like redis-server, when missing.
  ensureChromium();
  let code = 1;
  try {
    const env = { ...process.env, TEST_DATABASE_URL: postgres.adminUrl, TEST_REDIS_URL: redis.url };
    // The real-clients suite runs whole stacks (devnet, indexer, API processes) and would starve the
    // suites beside it on a 2-core machine: it runs alone, after the others.
    const first = await runTurboTests(['--filter=!@frostline/e2e-clients'], env);
    const second = await runTurboTests(['--filter=@frostline/e2e-clients'], env);
    code = first !== 0 ? first : second;
  } finally {
    await redis.stop();
    await postgres.stop();
  }
  printSummary();
  process.exit(code);
}

/**
 * Every selected package's jest suite through turbo; resolves with turbo's exit code.
 * @param {string[]} filter turbo's --filter arguments
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runTurboTests(filter, env) {
  return new Promise((resolve) => {
    const child = spawn(
      'pnpm',
      // --continue: every package's tests run and are counted even when one fails.
      [
        'exec',
        'turbo',
        'run',
        'test',
        ...filter,
        '--concurrency=2',
        '--continue',
        '--',
        '--json',
        `--outputFile=${resultFile}`,
      ],
      { cwd: root, stdio: 'inherit', env },
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    // Interrupted: stop the run, then fall through to stopping the services.
    const stop = () => child.kill('SIGTERM');
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stop);
  });
}

/**
 * What jest's --json report holds of the results this script reads.
 * @typedef {{ status: string, fullName: string, failureMessages: string[] }} AssertionResult
 * @typedef {{ name: string, status: string, message?: string, assertionResults: AssertionResult[] }} FileResult
 * @typedef {{
 *   numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests?: number,
 *   testResults: FileResult[],
 * }} JestResult
 */

/** One line over all packages, in the form CI tooling reads ('N passed, N failed'). */
function printSummary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for (const dir of workspacePackages()) {
    const file = path.join(root, dir, resultFile);
    if (!existsSync(file)) continue;
    /** @type {JestResult} */
    const result = JSON.parse(readFileSync(file, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    console.log(`  ${dir}: ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
    failures.push(...failedTests(dir, result));
  }
  // Named here, beside the counts, because CI keeps only the tail of a long run's output.
  for (const line of failures) console.log(line);
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

/**
 * 'FAILED <package> <file> › <test>: <the start of the message>' for each failed test of one package.
 * @param {string} dir
 * @param {JestResult} result
 * @returns {string[]}
 */
function failedTests(dir, result) {
  return result.testResults.flatMap((file) => {
    const where = `${dir} ${path.relative(path.join(root, dir), file.name)}`;
    const failedAssertions = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed before any test ran (a compile error, a crash) has no failed assertion to name.
    if (failedAssertions.length === 0 && file.status === 'failed')
      return [`FAILED ${where}: ${briefly(file.message)}`];
    return failedAssertions.map(
      (test) => `FAILED ${where} › ${test.fullName}: ${briefly(test.failureMessages.join('\n'))}`,
    );
  });
}

/**
 * The first lines of a jest failure message (the matcher and its expected/received), colours removed.
 * @param {string | undefined} text
 */
function briefly(text) {
  const lines = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(' | ')
    .slice(0, 400);
}

main().catch((error) => {
  console.error(error instanceof SetupError ? error.message : error);
  process.exit(1);
});
