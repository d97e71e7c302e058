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
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  SetupError,
  checkPostgres,
  checkRedis,
  freePort,
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

function readConfig(env) {
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new SetupError(`PORT must be a TCP port, got "${env.PORT}"`);
  const network = env.NETWORK ?? (env.OGMIOS_URL ? 'mainnet' : 'custom');
  if (!NETWORKS.includes(network))
    throw new SetupError(`NETWORK must be one of ${NETWORKS.join(', ')}, got "${network}"`);
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'OGMIOS_URL']) {
    if (env[name] === undefined) continue;
    try {
      new URL(env[name]);
    } catch {
      throw new SetupError(`${name} is not a valid URL: "${env[name]}"`);
    }
  }
  return {
    dataDir,
    port,
    network,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    ogmiosUrl: env.OGMIOS_URL,
  };
}

/** The demo project token: created once, kept hashed in DATA_DIR; printed at every start. */
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
 */
function retireOutdatedDemoChain(config) {
  const devnetDir = path.join(config.dataDir, 'devnet');
  const originFile = path.join(devnetDir, 'chain.origin');
  if (!existsSync(path.join(devnetDir, 'chain.jsonl'))) return;
  if (existsSync(originFile) && readFileSync(originFile, 'utf8').trim() === demoChainOrigin()) return;
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

/** The funded demo wallets, written (readable only by the user) to DATA_DIR/demo-wallets.json. */
async function writeDemoWallets(dataDir) {
  const file = path.join(dataDir, 'demo-wallets.json');
  await runToFile(DEVNET_CLI, ['demo-wallets'], file);
  chmodSync(file, 0o600);
  return { file, wallets: JSON.parse(readFileSync(file, 'utf8')) };
}

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

const stack = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('› stopping…');
  for (const { name, stop } of stack.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`  could not stop ${name}: ${error.message}`);
    }
  }
  console.log('› stopped');
  process.exit(code);
}

/** Runs a workspace program as a child; its exit (other than ours) stops everything. */
function startProcess(name, script, args, env) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`› ${name} exited (${signal ?? code}); stopping the rest`);
    stopAll(code || 1);
  });
  stack.push({
    name,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  });
  return child;
}

async function main() {
  const config = readConfig(process.env);
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
    if (!existsSync(chainFile)) {
      mkdirSync(path.dirname(chainFile), { recursive: true });
      console.log('› generating the demo chain (devnet generate)');
      await runToFile(DEVNET_CLI, DEMO_CHAIN, chainFile);
      writeFileSync(path.join(path.dirname(chainFile), 'chain.origin'), `${demoChainOrigin()}\n`);
    }
    demoWallets = await writeDemoWallets(config.dataDir);
    const devnetPort = await freePort();
    startProcess(
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
      ],
      {},
    );
    ogmiosUrl = `ws://127.0.0.1:${devnetPort}`;
    await waitFor(() => httpOk(`http://127.0.0.1:${devnetPort}/health`), 30_000, 'the devnet did not start');
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
  };
  const indexerMain = path.join(root, 'apps/indexer/dist/main.js');
  if (existsSync(indexerMain) && ogmiosUrl) startProcess('indexer', indexerMain, [], appEnv);

  const apiMain = path.join(root, 'apps/api/dist/main.js');
  if (existsSync(apiMain)) {
    const { token, hashesFile } = demoToken(config.dataDir, config.network);
    startProcess('api', apiMain, [], { ...appEnv, PORT: String(config.port), API_TOKENS_FILE: hashesFile });
    await waitFor(() => httpOk(`http://127.0.0.1:${config.port}/health`), 60_000, 'the API did not start');
    console.log(`\n  API:   http://127.0.0.1:${config.port}/api/v0`);
    console.log(`  token: ${token}   (send it as the project_id header)\n`);
  }
  if (demoWallets) printDemoWallets(demoWallets);
  console.log('› running; press Ctrl-C to stop');
}

async function runToFile(script, args, file) {
  const output = createWriteStream(file);
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
