import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { demoWallets } from '@frostline/devnet';
import { freePort } from '../../../scripts/lib/services.mjs';

// The stack `npm start` runs (scripts/start.mjs), as the same programs in child processes: the devnet's
// CLI (live, forging a block every BLOCK_INTERVAL_MS), the indexer and the API, on the test run's
// PostgreSQL and Redis (TEST_DATABASE_URL / TEST_REDIS_URL, which `npm test` provides). The chain starts
// empty rather than with npm start's generated demo chain, which takes long to make and index.

const ROOT = path.resolve(new URL('../../..', import.meta.url).pathname);
const BLOCK_INTERVAL_MS = 200;

/** The custom network's funded demo wallets (npm start prints them): 10^13 lovelace at each address. */
export const DEMO_WALLETS = demoWallets(0);
export { DEMO_WALLET_LOVELACE } from '@frostline/devnet';

export interface Stack {
  /** Blockfrost base URL, as a client's custom-backend setting takes it */
  url: string;
  /** The explorer the API serves, with the project token in its address as `npm start` prints it */
  explorerUrl: string;
  projectId: string;
  /** GET a path of the API with the project token: the answer a client's parsing is checked against */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Blockfrost JSON, read field by field
  get(path: string): Promise<any>;
  stop(): Promise<void>;
}

function testEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npm test\``);
  return value;
}

interface Program {
  /** everything it printed, for the error when it does not come up */
  output(): string;
  stop(): Promise<void>;
}

function startProgram(name: string, script: string, args: string[], env: Record<string, string>): Program {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk);
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => `${name}:\n${output}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers =
  (url: string, headers: Record<string, string> = {}) =>
  async () =>
    (await fetch(url, { headers, signal: AbortSignal.timeout(2000) })).ok;

/**
 * Starts devnet (on an empty chain: the genesis funds the demo wallets), indexer and API, and returns
 * once the API serves the first demo wallet's UTxO (the indexer has stored the genesis).
 */
export async function startStack(): Promise<Stack> {
  const redisUrl = testEnv('TEST_REDIS_URL');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'frostline-clients-'));
  const chainFile = path.join(dataDir, 'chain.jsonl');
  writeFileSync(chainFile, '');
  // What `npm start` writes and the API shows the explorer (names and addresses).
  const demoWalletsFile = path.join(dataDir, 'demo-wallets.json');
  writeFileSync(demoWalletsFile, JSON.stringify(DEMO_WALLETS));

  const programs: Program[] = [];
  let database: TestDatabase | undefined;
  const stop = async () => {
    for (const program of programs.reverse()) await program.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await createTestDatabase();
    const devnetPort = await freePort();
    const devnet = startProgram(
      'devnet',
      'packages/devnet/dist/cli.js',
      [
        'serve',
        ...['--chain', chainFile, '--network', 'custom', '--port', String(devnetPort)],
        ...['--block-interval', String(BLOCK_INTERVAL_MS)],
      ],
      {},
    );
    programs.push(devnet);
    await until(answers(`http://127.0.0.1:${devnetPort}/health`), 30_000, devnet.output);

    const unique = randomBytes(4).toString('hex');
    const appEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      OGMIOS_URL: `ws://127.0.0.1:${devnetPort}`,
      NETWORK: 'custom',
    };
    programs.push(
      startProgram('indexer', 'apps/indexer/dist/main.js', [], {
        ...appEnv,
        INDEXER_QUEUE_PREFIX: `clients-${unique}`,
        INDEXER_METRICS_PORT: '0',
      }),
    );

    const port = await freePort();
    const projectId = `custom${randomBytes(16).toString('hex')}`;
    const api = startProgram('api', 'apps/api/dist/main.js', [], {
      ...appEnv,
      PORT: String(port),
      API_TOKENS: projectId,
      RATE_LIMIT_REDIS_PREFIX: `clients-${unique}:`,
      DEMO_WALLETS_FILE: demoWalletsFile,
      API_METRICS_PORT: '0',
    });
    programs.push(api);
    const url = `http://127.0.0.1:${port}/api/v0`;
    await until(
      answers(`${url}/addresses/${DEMO_WALLETS[0].mnemonicAddress}/utxos`, { project_id: projectId }),
      60_000,
      () => programs.map((program) => program.output()).join('\n'),
    );
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { project_id: projectId } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const explorerUrl = `http://127.0.0.1:${port}/explorer/?project_id=${projectId}`;
    return { url, explorerUrl, projectId, get, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
