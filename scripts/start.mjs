// `npm start`: everything on one machine with no prior set-up. PostgreSQL is embedded unless
// DATABASE_URL is set, Redis comes from the system unless REDIS_URL is set, the chain comes from our
// devnet unless OGMIOS_URL points at a real Ogmios. Data lives in DATA_DIR and survives restarts;
// Ctrl-C (or SIGTERM) stops everything in reverse order.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOG_FORMATS, programOutput } from './lib/program-output.mjs';
import {
  SetupError,
  checkPostgres,
  checkRedis,
  freePort,
  portInUse,
  redactUrl,
  startEmbeddedPostgres,
  startRedis,
  waitFor,
} from './lib/services.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const NETWORKS = ['mainnet', 'preprod', 'preview', 'custom'];
const DEVNET_CLI = path.join(root, 'packages/devnet/dist/cli.js');
const DEMO_CHAIN = ['generate', '--network', 'custom', '--seed', '1', '--blocks', '1000'];
/** The demo chain is live: the devnet forges a block (with the submitted transactions) every second. */
const BLOCK_INTERVAL_MS = 1000;
/** The metrics servers of the programs `npm start` runs: their port's variable, its host's, and the default. */
const METRICS = [
  { program: 'indexer', port: 'INDEXER_METRICS_PORT', host: 'INDEXER_METRICS_HOST', default: 9101 },
  { program: 'API', port: 'API_METRICS_PORT', host: 'API_METRICS_HOST', default: 9102 },
];

/**
 * The settings of `npm start`, read from the environment and checked.
 * @param {NodeJS.ProcessEnv} env
 */
function readConfig(env) {
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new SetupError(`PORT must be a TCP port, got "${env.PORT}"`);
  const host = env.HOST || '127.0.0.1';
  if (!isIP(host)) throw new SetupError(`HOST must be an IP address, got "${host}"`);
  const network = env.NETWORK ?? (env.OGMIOS_URL ? 'mainnet' : 'custom');
  if (!NETWORKS.includes(network))
    throw new SetupError(`NETWORK must be one of ${NETWORKS.join(', ')}, got "${network}"`);
  const logFormat = env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  if (!LOG_FORMATS.includes(logFormat))
    throw new SetupError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${logFormat}"`);
  const metrics = METRICS.map((server) => {
    const value = env[server.port];
    const port = value === undefined || value === '' ? null : Number(value);
    if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535))
      throw new SetupError(`${server.port} must be a TCP port or 0, got "${value}"`);
    return { ...server, chosen: port, hostAddress: env[server.host] || '127.0.0.1' };
  });
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'OGMIOS_URL']) {
    const value = env[name];
    if (value === undefined) continue;
    try {
      new URL(value);
    } catch {
      throw new SetupError(`${name} is not a valid URL: "${value}"`);
    }
  }
  return {
    dataDir,
    port,
    host,
    network,
    logFormat,
    metrics,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    ogmiosUrl: env.OGMIOS_URL,
  };
}

/** @typedef {ReturnType<typeof readConfig>} Config */

/**
 * The demo project token: created once, kept hashed in DATA_DIR; printed at every start.
 * @param {string} dataDir
 * @param {string} network
 */
function demoToken(dataDir, network) {
  const file = path.join(dataDir, 'demo-token');
  if (!existsSync(file))
    writeFileSync(file, `${network}${randomBytes(16).toString('hex')}\n`, { mode: 0o600 });
  const token = readFileSync(file, 'utf8').trim();
  const hashes = path.join(dataDir, 'api-tokens.sha256');
  writeFileSync(hashes, `${createHash('sha256').update(token).digest('hex')}\n`);
  return { token, hashesFile: hashes };
}

/**
 * What the demo chain file was made from: the custom network's genesis files (which fund the demo
 * wallets) and the generator's options. A chain made from others (an older version's) cannot spend
 * those funds, so it is replaced.
 */
function demoChainOrigin() {
  const hash = createHash('sha256').update(DEMO_CHAIN.join(' '));
  for (const era of ['byron', 'shelley', 'alonzo', 'conway'])
    hash.update(readFileSync(path.join(root, `packages/devnet/genesis/custom/${era}.json`)));
  return hash.digest('hex');
}

/**
 * Moves a demo chain made from another genesis aside, with what was indexed from it (the embedded
 * PostgreSQL's and Redis' data), into DATA_DIR/previous-<time>: the new chain starts from origin.
 * @param {Config} config
 */
function retireOutdatedDemoChain(config) {
  const devnetDir = path.join(config.dataDir, 'devnet');
  const originFile = path.join(devnetDir, 'chain.origin');
  if (!existsSync(path.join(devnetDir, 'chain.jsonl'))) return;
  // A chain without its own system start is on the genesis' time line, years before its live blocks.
  const current =
    existsSync(originFile) &&
    readFileSync(originFile, 'utf8').trim() === demoChainOrigin() &&
    existsSync(path.join(devnetDir, 'system-start'));
  if (current) return;
  const archive = path.join(config.dataDir, `previous-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(archive);
  const moved = [
    'devnet',
    ...(config.databaseUrl ? [] : ['postgres']),
    ...(config.redisUrl ? [] : ['redis']),
  ];
  for (const name of moved) {
    const from = path.join(config.dataDir, name);
    if (existsSync(from)) renameSync(from, path.join(archive, name));
  }
  console.log(
    `› the demo chain in ${devnetDir} is from an older version: moved it (and its index) to ${archive}`,
  );
  if (config.databaseUrl)
    console.log(
      "  DATABASE_URL holds the old chain's index: empty that database before indexing the new one",
    );
}

/**
 * A funded demo wallet as `devnet demo-wallets` prints it.
 * @typedef {{ name: string, mnemonic: string, mnemonicAddress: string, signingKey: string, signingKeyAddress: string }} DemoWallet
 */

/**
 * The funded demo wallets, written (readable only by the user) to DATA_DIR/demo-wallets.json.
 * @param {string} dataDir
 * @returns {Promise<{ file: string, wallets: DemoWallet[] }>}
 */
async function writeDemoWallets(dataDir) {
  const file = path.join(dataDir, 'demo-wallets.json');
  // the keys must never be readable by others, not even between creating the file and writing it
  if (existsSync(file)) chmodSync(file, 0o600);
  await runToFile(DEVNET_CLI, ['demo-wallets'], file, 0o600);
  return { file, wallets: JSON.parse(readFileSync(file, 'utf8')) };
}

/** @param {Awaited<ReturnType<typeof writeDemoWallets>>} demoWallets */
function printDemoWallets({ file, wallets }) {
  console.log(`  demo wallets (custom network, ${file}):`);
  for (const wallet of wallets) {
    console.log(`    ${wallet.name}  mnemonic:    ${wallet.mnemonic}`);
    console.log(`            address:     ${wallet.mnemonicAddress}`);
    console.log(`            signing key: ${wallet.signingKey}`);
    console.log(`            address:     ${wallet.signingKeyAddress}`);
  }
  console.log('');
}

/** What runs, in start order: stopped in reverse. @type {{ name: string, stop: () => Promise<void> }[]} */
const stack = [];
let stopping = false;
/** How the programs' output is shown (LOG_FORMAT), set from the configuration. */
let output = programOutput('json');

/** @param {number} code the exit code once everything is stopped */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('› stopping…');
  for (const { name, stop } of stack.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`  could not stop ${name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  console.log('› stopped');
  process.exit(code);
}

/**
 * Runs a workspace program as a child. Until supervise() is called (once it has started), its exit
 * stops everything: a program that cannot start says why and would only fail again. After that, an
 * exit we did not ask for restarts it after a backoff (1 s, doubling up to 30 s, back to 1 s once it
 * has run for a minute), so a crash or a lost database takes down neither it for good nor the rest of
 * the stack. An exit with `fatalExitCode` is never restarted: the program met what a restart would meet
 * again (the indexer: a fork deeper than k), so the stack stops with its status, that line above it.
 * The IPC channel lets a child say when it is ready (the API once it listens).
 * @param {string} name
 * @param {string} script
 * @param {string[]} args
 * @param {Record<string, string>} env added to this process's environment
 * @param {string[]} [nodeFlags]
 * @param {number | null} [fatalExitCode]
 */
function startProcess(name, script, args, env, nodeFlags = [], fatalExitCode = null) {
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  let failures = 0;
  let supervised = false;
  const run = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeFlags, script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: output.stdio,
    });
    output.attach(name, child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (!supervised) {
        console.error(`› ${name} exited (${signal ?? code}); stopping the rest`);
        return stopAll(code || 1);
      }
      if (fatalExitCode !== null && code === fatalExitCode) {
        console.error(
          `› ${name} stopped on an error a restart cannot mend (exit ${code}); stopping the rest`,
        );
        return stopAll(code);
      }
      if (Date.now() - startedAt >= 60_000) failures = 0;
      const delayMs = Math.min(1000 * 2 ** failures++, 30_000);
      console.error(`› ${name} exited (${signal ?? code}); restarting in ${delayMs / 1000} s`);
      setTimeout(() => stopping || run(), delayMs);
    });
  };
  run();
  stack.push({
    name,
    stop: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        })
      ),
  });
  return {
    get child() {
      return child;
    },
    supervise: () => (supervised = true),
  };
}

/**
 * The port of each metrics server: the one set, refused when taken; unset, the default unless another
 * `npm start` (or anything else) holds it, then a free one, so a second stack beside the first needs no
 * setting. `0` turns a server off.
 * @param {Config} config
 * @returns {Promise<Record<string, string>>} the ports' variables for the programs' environment
 */
async function metricsPorts(config) {
  /** @type {Record<string, string>} */
  const ports = {};
  for (const server of config.metrics) {
    let port = server.chosen;
    if (port !== null && port !== 0 && (await portInUse(server.hostAddress, port)))
      throw new SetupError(
        `${server.port} ${port} is already in use on ${server.hostAddress}: stop the other server or set ${server.port} to a free port (0 turns it off)`,
      );
    if (port === null)
      port = (await portInUse(server.hostAddress, server.default)) ? await freePort() : server.default;
    ports[server.port] = String(port);
    if (port !== 0)
      console.log(`› ${server.program} metrics on http://${urlHost(server.hostAddress)}:${port}/metrics`);
  }
  return ports;
}

async function main() {
  const config = readConfig(process.env);
  output = programOutput(config.logFormat);
  // Checked first: a health check on a taken port would reach the other server and report it as ours.
  if (await portInUse(config.host, config.port))
    throw new SetupError(
      `PORT ${config.port} is already in use on ${config.host}: stop the other server or set PORT to a free port`,
    );
  const metrics = await metricsPorts(config);
  mkdirSync(config.dataDir, { recursive: true });
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  const runsDevnet = !config.ogmiosUrl && existsSync(DEVNET_CLI);
  if (runsDevnet) retireOutdatedDemoChain(config);

  let databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    await checkPostgres(databaseUrl);
    console.log(`› PostgreSQL: ${redactUrl(databaseUrl)} (DATABASE_URL)`);
  } else {
    // Free ports, so a PostgreSQL or Redis already on the machine never gets in the way.
    const port = await freePort();
    const postgres = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'postgres'), port });
    stack.push({ name: 'PostgreSQL', stop: postgres.stop });
    databaseUrl = postgres.url;
    console.log(
      `› PostgreSQL (embedded) on 127.0.0.1:${port}, data in ${path.join(config.dataDir, 'postgres')}`,
    );
  }

  let redisUrl = config.redisUrl;
  if (redisUrl) {
    await checkRedis(redisUrl);
    console.log(`› Redis: ${redactUrl(redisUrl)} (REDIS_URL)`);
  } else {
    const redis = await startRedis({
      dir: path.join(config.dataDir, 'redis'),
      port: await freePort(),
      persistent: true,
    });
    stack.push({ name: 'Redis', stop: redis.stop });
    redisUrl = redis.url;
    console.log(`› Redis on ${redisUrl}, data in ${path.join(config.dataDir, 'redis')}`);
  }

  const { applyMigrations } = await import('@frostline/db');
  const applied = await applyMigrations(databaseUrl);
  console.log(
    applied.length ? `› migrations applied: ${applied.join(', ')}` : '› database schema up to date',
  );

  let ogmiosUrl = config.ogmiosUrl;
  let demoWallets;
  if (runsDevnet) {
    const chainFile = path.join(config.dataDir, 'devnet', 'chain.jsonl');
    const systemStartFile = path.join(config.dataDir, 'devnet', 'system-start');
    if (!existsSync(chainFile)) {
      mkdirSync(path.dirname(chainFile), { recursive: true });
      console.log('› generating the demo chain (devnet generate)');
      await runToFile(DEVNET_CLI, DEMO_CHAIN, chainFile);
      // The generated history ends now: the live blocks continue its time line without a gap.
      await runToFile(
        DEVNET_CLI,
        ['system-start', '--chain', chainFile, '--network', 'custom'],
        systemStartFile,
      );
      writeFileSync(path.join(path.dirname(chainFile), 'chain.origin'), `${demoChainOrigin()}\n`);
    }
    demoWallets = await writeDemoWallets(config.dataDir);
    const devnetPort = await freePort();
    const devnet = startProcess(
      'devnet',
      DEVNET_CLI,
      [
        'serve',
        '--chain',
        chainFile,
        '--network',
        'custom',
        '--port',
        String(devnetPort),
        '--block-interval',
        String(BLOCK_INTERVAL_MS),
        '--system-start',
        readFileSync(systemStartFile, 'utf8').trim(),
      ],
      {},
    );
    ogmiosUrl = `ws://127.0.0.1:${devnetPort}`;
    await waitFor(() => httpOk(`http://127.0.0.1:${devnetPort}/health`), 30_000, 'the devnet did not start');
    devnet.supervise();
    console.log(
      `› devnet (Ogmios v6) on ${ogmiosUrl}, chain ${chainFile}, a new block every ${BLOCK_INTERVAL_MS / 1000} s`,
    );
  } else if (ogmiosUrl) {
    console.log(`› Ogmios: ${ogmiosUrl} (OGMIOS_URL)`);
  }

  const appEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    OGMIOS_URL: ogmiosUrl ?? '',
    NETWORK: config.network,
    ...metrics,
  };
  const indexerMain = path.join(root, 'apps/indexer/dist/main.js');
  // The indexer waits for its services itself and says nothing when ready: supervised from the start.
  if (existsSync(indexerMain) && ogmiosUrl) {
    const flagsModule = pathToFileURL(path.join(root, 'apps/indexer/dist/node-flags.js')).href;
    const { INDEXER_NODE_FLAGS } = await import(flagsModule);
    const errorsModule = pathToFileURL(path.join(root, 'apps/indexer/dist/errors.js')).href;
    const { FATAL_EXIT_CODE } = await import(errorsModule);
    startProcess('indexer', indexerMain, [], appEnv, INDEXER_NODE_FLAGS, FATAL_EXIT_CODE).supervise();
  }

  const apiMain = path.join(root, 'apps/api/dist/main.js');
  if (existsSync(apiMain)) {
    const { token, hashesFile } = demoToken(config.dataDir, config.network);
    const apiFlagsModule = pathToFileURL(path.join(root, 'apps/api/dist/node-flags.js')).href;
    const { API_NODE_FLAGS } = await import(apiFlagsModule);
    const api = startProcess(
      'api',
      apiMain,
      [],
      {
        ...appEnv,
        PORT: String(config.port),
        HOST: config.host,
        API_TOKENS_FILE: hashesFile,
        ...(demoWallets && { DEMO_WALLETS_FILE: demoWallets.file }),
      },
      API_NODE_FLAGS,
    );
    await listening(api.child);
    api.supervise();
    console.log(`\n  API:   http://${urlHost(config.host)}:${config.port}/api/v0`);
    console.log(`  token: ${token}   (send it as the project_id header)`);
    console.log(`  explorer: http://${urlHost(config.host)}:${config.port}/explorer/?project_id=${token}\n`);
  }
  if (demoWallets) printDemoWallets(demoWallets);
  console.log('› running; press Ctrl-C to stop');
}

/**
 * Resolves once the API says it listens (dist/main.js sends {listening}); a 60 s limit.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function listening(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new SetupError('the API did not start within 60 s')), 60_000);
    child.on('message', (/** @type {{ listening?: unknown } | null} */ message) => {
      if (!message?.listening) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Where a local client reaches a server bound to host.
 * @param {string} host
 */
function urlHost(host) {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * Runs a node script with its standard output written to file (removed if the script fails).
 * @param {string} script
 * @param {string[]} args
 * @param {string} file
 */
async function runToFile(script, args, file, mode = 0o644) {
  const output = createWriteStream(file, { mode });
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await pipeline(child.stdout, output);
  const code = await exited;
  if (code !== 0) {
    rmSync(file, { force: true });
    throw new SetupError(`${path.basename(script)} ${args[0]} failed (${code})`);
  }
}

/** @param {string} url */
async function httpOk(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

main().catch(async (error) => {
  console.error(error instanceof SetupError ? error.message : (error.stack ?? error));
  await stopAll(1);
});
