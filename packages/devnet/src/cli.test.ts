/// <reference types="jest" />
// Runs the built CLI (dist/cli.js: `pnpm --filter @frostline/devnet build` first) as users do.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slotInfo } from './networks/era-summaries.js';
import { loadNetwork } from './networks/networks.js';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;
const NPM_SCRIPT = new URL('../../../scripts/devnet.mjs', import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), 'devnet-cli-'));

/** Collects a child's standard error; `waitFor` resolves with the first match of a pattern in it. */
function watchStderr(child: ChildProcess) {
  let text = '';
  const waiters: Array<() => void> = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    waiters.forEach((check) => check());
  });
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = text.match(pattern);
        if (match) resolve(match);
      };
      waiters.push(check);
      check();
      child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${text}`)));
    });
  return { waitFor };
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function health(url: string) {
  const response = await fetch(`${url.replace('ws://', 'http://')}/health`);
  return (await response.json()) as { lastKnownTip: { height: number }; network: string };
}

describe('devnet CLI', () => {
  const chainFile = join(directory, 'chain.jsonl');

  it('generate writes a chain file to standard output', () => {
    const out = openSync(chainFile, 'w');
    const result = spawnSync(process.execPath, [CLI, 'generate', '--blocks', '20', '--seed', '7'], {
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
    });
    closeSync(out);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/generated \d+ blocks/);
    const lines = readFileSync(chainFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => 'era' in line).length).toBeGreaterThanOrEqual(20);
  });

  it('demo-wallets prints the funded demo wallets as JSON', () => {
    const result = spawnSync(process.execPath, [CLI, 'demo-wallets'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const wallets = JSON.parse(result.stdout) as Record<string, string>[];
    expect(wallets).toHaveLength(3);
    expect(wallets[0]).toMatchObject({
      name: 'demo-1',
      signingKey: expect.stringMatching(/^ed25519_sk1/),
      signingKeyAddress: expect.stringMatching(/^addr_test1v/),
      mnemonicAddress: expect.stringMatching(/^addr_test1q/),
    });
  });

  it('serve answers /health over the chain file; npm run devnet forwards SIGTERM and the exit code', async () => {
    const child = spawn(process.execPath, [NPM_SCRIPT, 'serve', '--chain', chainFile, '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stderr = watchStderr(child);
    const [, url] = await stderr.waitFor(/protocol on (ws:\/\/[\d.]+:\d+)/);
    await stderr.waitFor(/chain replayed/);
    const body = await health(url);
    expect(body).toMatchObject({ network: 'custom', lastKnownTip: { height: expect.any(Number) } });
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  });

  it('serve --generate generates into a temporary file, says where, and serves it', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--generate', '--blocks 20 --seed 7', '--port', '0'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const stderr = watchStderr(child);
    const [, file] = await stderr.waitFor(/generating the chain into (\S+)/);
    const [, url] = await stderr.waitFor(/protocol on (ws:\/\/[\d.]+:\d+)/);
    await stderr.waitFor(/chain replayed/);
    expect(file.startsWith(tmpdir())).toBe(true);
    // Same options, same bytes: the generator is deterministic.
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(chainFile, 'utf8'));
    expect((await health(url)).lastKnownTip.height).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exitCode(child)).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it("system-start prints the system start that puts the chain file's tip at the current time", () => {
    const before = Date.now();
    const result = spawnSync(process.execPath, [CLI, 'system-start', '--chain', chainFile], {
      encoding: 'utf8',
    });
    const after = Date.now();
    expect(result.status).toBe(0);
    const start = result.stdout.trim();
    expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const blocks = readFileSync(chainFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { era?: string; slot?: number })
      .filter((line) => line.era !== undefined && line.slot !== undefined);
    const tipTime = slotInfo(loadNetwork('custom', new Date(start)), blocks.at(-1)!.slot!).time.getTime();
    expect(tipTime).toBeLessThanOrEqual(after);
    expect(tipTime).toBeGreaterThan(before - 1000);
  });

  it.each([
    ['an unknown command', ['nope']],
    ['serve without a chain', ['serve']],
    ['serve with both --chain and --generate', ['serve', '--chain', 'x', '--generate', '--blocks 2']],
    ['an unknown generator option', ['generate', '--bogus']],
    ['a malformed option', ['serve', '--chain', 'x', '--port']],
    [
      'a system start in fractions of a second',
      ['serve', '--chain', 'x', '--system-start', '2026-01-01T00:00:00.5Z'],
    ],
    ['system-start without a chain', ['system-start']],
  ])('exits with 2 and the usage on %s', (_case, args) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });
});
