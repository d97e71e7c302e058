import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// How `npm start` shows its programs' output (LOG_FORMAT, scripts/lib/program-output.mjs): a program
// printing pino lines, seen through it in a process of its own, as `npm start` runs its programs.
const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const MODULE = pathToFileURL(path.join(ROOT, 'scripts/lib/program-output.mjs')).href;

const time = Date.parse('2026-12-01T21:43:57Z');
const LINES = [
  { level: 30, time, app: 'indexer', network: 'custom', msg: 'indexer started' },
  {
    level: 30,
    time,
    app: 'indexer',
    slot: 880,
    height: 442,
    tipSlot: 2057,
    tipHeight: 1014,
    syncPercent: 43.59,
    blocksPerSecond: 84,
    txPerSecond: 310,
    etaSeconds: 7,
    msg: 'syncing',
  },
  {
    level: 40,
    time,
    app: 'indexer',
    err: {
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      stack: 'Error: connect …\n    at x',
    },
    retryInMs: 250,
    msg: 'PostgreSQL not reachable; retrying the writer lock',
  },
  {
    level: 60,
    time,
    app: 'indexer',
    err: {
      type: 'Error',
      message: 'disk full',
      stack: 'Error: disk full\n    at writeBatch (indexer.js:1:1)',
    },
    msg: 'indexer stopped on an unrecoverable error',
  },
  {
    level: 30,
    time,
    app: 'indexer',
    slot: 60469925,
    height: 1004,
    tipSlot: 60469925,
    tipHeight: 1004,
    syncPercent: 100,
    blocksPerSecond: 1,
    txPerSecond: 2,
    etaSeconds: 0,
    msg: 'block',
  },
]
  .map((entry) => JSON.stringify(entry))
  .concat(['indexer: a one-line error that is not JSON']);

/** What reaches `npm start`'s standard output when a program named indexer prints `lines`. */
function shownAs(format: string, lines: string[]): Promise<string> {
  const program = `process.stdout.write(${JSON.stringify(lines.join('\n') + '\n')})`;
  const script = `
    import { spawn } from 'node:child_process';
    import { programOutput } from ${JSON.stringify(MODULE)};
    const output = programOutput(${JSON.stringify(format)});
    const child = spawn(process.execPath, ['-e', ${JSON.stringify(program)}], { stdio: output.stdio });
    output.attach('indexer', child);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}`)))),
  );
}

describe('LOG_FORMAT', () => {
  it('pretty: one readable line per entry, the progress in words, a warning without its stack', async () => {
    const lines = (await shownAs('pretty', LINES)).trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '[21:43:57] INFO (indexer): indexer started {"network":"custom"}',
      "indexer: catching up, 43.59 % of the node's tip (block 442 of 1,014), 84 blocks/s, ETA 7 s",
      '[21:43:57] WARN (indexer): PostgreSQL not reachable; retrying the writer lock: connect ECONNREFUSED 127.0.0.1:5432 {"retryInMs":250}',
      '[21:43:57] FATAL (indexer): indexer stopped on an unrecoverable error ',
    ]);
    // a fatal error keeps its stack
    expect(lines.join('\n')).toMatch(/Error: disk full\n\s+at writeBatch/);
    expect(lines.slice(-2)).toEqual([
      '[21:43:57] INFO (indexer): block 1,004 (slot 60,469,925)',
      'indexer: a one-line error that is not JSON',
    ]);
  });

  it('json: the lines exactly as the program printed them', async () => {
    expect(await shownAs('json', LINES)).toBe(LINES.join('\n') + '\n');
  });

  it('stops npm start with one clear line when it is neither', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, LOG_FORMAT: 'text' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = await new Promise<[number | null]>((resolve) => child.on('exit', (c) => resolve([c])));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('LOG_FORMAT must be one of json, pretty, got "text"');
  });
});
