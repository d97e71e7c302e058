import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import pg from 'pg';

// `npm start` as a user runs it (scripts/start.mjs is what it calls once the workspace is built),
// pointed at the test run's PostgreSQL and Redis so it needs no fixed ports.
const ROOT = path.resolve(new URL('..', import.meta.url).pathname);

function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run the tests with `npm test`');
  return url;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Pids of the processes `parent` started whose command line mentions `script` (Linux /proc). */
function childPids(parent: number, script: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === parent && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/**
 * The whole stack on the test database and Redis, its API on `port`, its Redis keys under `name`; without
 * metrics servers unless `metrics` leaves their ports to `npm start`.
 */
function stack(db: TestDatabase, port: number, name: string, metrics: 'off' | 'unset' = 'off') {
  return startCommand({
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl(),
    PORT: String(port),
    INDEXER_QUEUE_PREFIX: `${name}-${port}`,
    RATE_LIMIT_REDIS_PREFIX: `${name}-${port}:`,
    ...(metrics === 'off' ? { INDEXER_METRICS_PORT: '0', API_METRICS_PORT: '0' } : {}),
  });
}

/** Holds `port` on 127.0.0.1 as another stack would; null when something else already does. */
async function holdPort(port: number): Promise<net.Server | null> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function startCommand(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'frostline-start-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(stdout)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`no ${pattern} in:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pattern.exec(stdout)!;
  };
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

const DEVNET_CLI = path.join(ROOT, 'packages/devnet/dist/cli.js');

/** `devnet generate OPTIONS --out FILE`; resolves with the id of the chain's last block. */
async function generateChain(options: string[], file: string): Promise<string> {
  const child = spawn(process.execPath, [DEVNET_CLI, 'generate', ...options, '--out', file], {
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`devnet generate ${options.join(' ')} failed (${code})`);
  const blocks = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id?: string; event?: string })
    .filter((line) => line.event === undefined);
  return blocks.at(-1)!.id!;
}

/** `devnet serve --chain FILE` as a process of its own, once its /health answers. */
async function serveChain(file: string, port: number) {
  const child = spawn(
    process.execPath,
    [DEVNET_CLI, 'serve', '--chain', file, '--network', 'custom', '--port', String(port), '--no-evaluation'],
    { stdio: 'inherit' },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    // 202 while the replayed chain is far from the wall clock's slot: answering is what counts.
    const answered = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (answered) return child;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the devnet on ${file} did not start`);
    await delay(100);
  }
}

describe('npm start', () => {
  it('stops with one clear line when DATABASE_URL cannot be reached', async () => {
    const run = startCommand({
      DATABASE_URL: 'postgresql://nobody:secret@127.0.0.1:9/none',
      REDIS_URL: redisUrl(),
    });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^cannot connect to DATABASE_URL postgresql:\/\/nobody:\*\*\*@127\.0\.0\.1:9\/none: /,
    );
  });

  it('stops with one clear line when Redis cannot be reached', async () => {
    const db = await createTestDatabase();
    try {
      const run = startCommand({ DATABASE_URL: db.url, REDIS_URL: 'redis://127.0.0.1:9' });
      expect(await run.exited).toBe(1);
      expect(run.output().stderr.trim()).toBe('cannot reach Redis at REDIS_URL redis://127.0.0.1:9');
    } finally {
      await db.drop();
    }
  });

  it('stops with one clear line when PORT is taken, instead of reporting the other server as ready', async () => {
    // Another server on the port, healthy in every respect.
    const impostor = http.createServer((_, response) => response.end('{"is_healthy":true}'));
    impostor.listen(0, '127.0.0.1');
    await once(impostor, 'listening');
    const { port } = impostor.address() as net.AddressInfo;
    const db = await createTestDatabase();
    try {
      const run = startCommand({ DATABASE_URL: db.url, REDIS_URL: redisUrl(), PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output().stdout).not.toMatch(/token:/);
      expect(run.output().stderr.trim()).toBe(
        `PORT ${port} is already in use on 127.0.0.1: stop the other server or set PORT to a free port`,
      );
    } finally {
      impostor.close();
      await db.drop();
    }
  }, 120_000);

  it('stops with one clear line when a metrics port set is taken', async () => {
    const holder = net.createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as net.AddressInfo;
    try {
      const run = startCommand({
        DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none',
        REDIS_URL: redisUrl(),
        PORT: String(await freePort()),
        INDEXER_METRICS_PORT: '0',
        API_METRICS_PORT: String(port),
      });
      expect(await run.exited).toBe(1);
      expect(run.output().stderr.trim()).toBe(
        `API_METRICS_PORT ${port} is already in use on 127.0.0.1: stop the other server or set API_METRICS_PORT to a free port (0 turns it off)`,
      );
    } finally {
      holder.close();
    }
  });

  describe('with a database and Redis', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('runs the devnet, the indexer and the API, prints the base URL, a token and the explorer, and stops on Ctrl-C', async () => {
      const port = await freePort();
      // The default metrics ports taken, as by a first `npm start`: this one takes others and says which.
      const held = await Promise.all([holdPort(9101), holdPort(9102)]);
      const run = stack(db, port, 'start', 'unset');
      try {
        await run.waitFor(new RegExp(`API: +http://127\\.0\\.0\\.1:${port}/api/v0`), 240_000);
        const [, token] = await run.waitFor(/token: (\S+)/, 1000);
        const [, explorer] = await run.waitFor(/explorer: (\S+)/, 1000);
        expect(explorer).toBe(`http://127.0.0.1:${port}/explorer/?project_id=${token}`);
        expect(await (await fetch(explorer)).text()).toContain('<title>frostline explorer</title>');
        // the devnet's demo wallets, for the explorer's home page
        expect(await (await fetch(`http://127.0.0.1:${port}/explorer/demo-wallets.json`)).json()).toEqual(
          expect.arrayContaining([expect.objectContaining({ name: 'demo-1' })]),
        );
        await run.waitFor(
          /demo-1 +mnemonic: +(\w+ ){23}\w+\n +address: +addr_test1q\w+\n +signing key: +ed25519_sk1\w+\n +address: +addr_test1v\w+/,
          1000,
        );

        // Wait for the indexer to store a block, then ask the API for it as blockfrost-js would.
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        let block: { epoch: number; epoch_slot: number; hash: string } | undefined;
        try {
          const deadline = Date.now() + 120_000;
          while (!block && Date.now() < deadline) {
            ({
              rows: [block],
            } = await client.query(
              `SELECT epoch, epoch_slot, encode(hash, 'hex') AS hash FROM block WHERE epoch_slot IS NOT NULL ORDER BY id DESC LIMIT 1`,
            ));
            if (!block) await new Promise((resolve) => setTimeout(resolve, 200));
          }
        } finally {
          await client.end();
        }
        expect(block).toBeDefined();
        const url = `http://127.0.0.1:${port}/api/v0/blocks/epoch/${block!.epoch}/slot/${block!.epoch_slot}`;
        const forbidden = await fetch(url);
        expect(forbidden.status).toBe(403);
        const response = await fetch(url, { headers: { project_id: token! } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { hash: string }).hash).toBe(block!.hash);

        for (const program of ['indexer', 'API']) {
          const [, metricsPort] = await run.waitFor(
            new RegExp(`› ${program} metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics`),
            1000,
          );
          expect(['9101', '9102']).not.toContain(metricsPort);
          const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
          expect([metrics.status, await metrics.text()]).toEqual([200, expect.stringContaining('# TYPE')]);
        }
      } finally {
        run.child.kill('SIGINT');
        held.forEach((server) => server?.close());
      }
      expect(await run.exited).toBe(0);
      expect(run.output().stdout).toMatch(/› stopped/);
    }, 400_000);

    it('restarts the indexer after kill -9 while the API keeps serving', async () => {
      const port = await freePort();
      const run = stack(db, port, 'restart');
      const indexers = () => childPids(run.child.pid!, 'apps/indexer/dist/main.js');
      try {
        await run.waitFor(/token: (\S+)/, 240_000);
        const [first] = indexers();
        expect(first).toBeDefined();
        process.kill(first!, 'SIGKILL');
        // The new indexer may first find the killed one's lock not yet released and be restarted
        // again: wait for one that stays up.
        let restarted: number[] = [];
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          restarted = indexers();
          if (restarted.length === 1 && restarted[0] !== first) {
            await new Promise((resolve) => setTimeout(resolve, 3000));
            if (indexers()[0] === restarted[0]) break;
          } else await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(indexers()).toEqual(restarted);
        expect(restarted).toHaveLength(1);
        expect(restarted[0]).not.toBe(first);
        expect(run.output().stderr).toMatch(/› indexer exited \(SIGKILL\); restarting in 1 s/);
        expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
        expect(run.child.exitCode).toBeNull();
      } finally {
        run.child.kill('SIGINT');
      }
      expect(await run.exited).toBe(0);
    }, 400_000);
  });
  it('stops the stack instead of restarting the indexer when the node forks from the index deeper than k', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'frostline-deep-fork-'));
    const indexedTip = await generateChain(
      ['--seed', '21', '--blocks', '30', '--forks', '0'],
      `${dir}/a.jsonl`,
    );
    // Longer than the indexed chain: a node ahead of the index, on a chain sharing none of its last k blocks.
    await generateChain(['--seed', '22', '--blocks', '60', '--forks', '0'], `${dir}/b.jsonl`);
    const devnetPort = await freePort();
    let devnet = await serveChain(`${dir}/a.jsonl`, devnetPort);
    const db = await createTestDatabase();
    const port = await freePort();
    const run = startCommand({
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl(),
      OGMIOS_URL: `ws://127.0.0.1:${devnetPort}`,
      NETWORK: 'custom',
      PORT: String(port),
      INDEXER_QUEUE_PREFIX: `deep-fork-${port}`,
      RATE_LIMIT_REDIS_PREFIX: `deep-fork-${port}:`,
      INDEXER_METRICS_PORT: '0',
      API_METRICS_PORT: '0',
    });
    const client = new pg.Client({ connectionString: db.url });
    try {
      await run.waitFor(/token: (\S+)/, 240_000);
      await client.connect();
      const deadline = Date.now() + 120_000;
      const holdsTip = async () =>
        (await client.query(`SELECT 1 FROM block WHERE hash = decode($1, 'hex')`, [indexedTip])).rowCount ===
        1;
      while (!(await holdsTip())) {
        if (Date.now() > deadline) throw new Error('the indexer did not reach the tip');
        await delay(200);
      }
      devnet.kill('SIGTERM');
      await once(devnet, 'exit');
      devnet = await serveChain(`${dir}/b.jsonl`, devnetPort);

      expect(await run.exited).toBe(65);
      const { stderr } = run.output();
      expect(stderr).toMatch(
        /^indexer: stopped: the node's chain \(tip .*\) holds none of the indexed blocks/m,
      );
      expect(stderr).toMatch(
        /^› indexer stopped on an error a restart cannot mend \(exit 65\); stopping the rest$/m,
      );
      expect(stderr).not.toMatch(/restarting in/);
      expect(run.output().stdout).toMatch(/› stopped/);
    } finally {
      run.child.kill('SIGINT');
      devnet.kill('SIGTERM');
      await client.end().catch(() => undefined);
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
