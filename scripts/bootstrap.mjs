#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run bench` and `npm run devnet` on a machine that has
// only Node and npm: it brings pnpm (pinned by package.json's packageManager), installs the
// workspace when the lockfile changed, builds it (turbo caches unchanged packages), then hands over
// to scripts/<command>.mjs, which may use the installed dependencies.
// Dependency-free on purpose: nothing is installed yet when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [command, ...args] = process.argv.slice(2);
const commands = ['start', 'test', 'bench', 'devnet'];
if (!commands.includes(command)) {
  console.error(`usage: node scripts/bootstrap.mjs ${commands.join('|')} [args…]`);
  process.exit(2);
}

const pnpmVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];
const toolsDir = path.join(root, '.tools');
const env = {
  ...process.env,
  PATH: `${path.join(toolsDir, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  // The registry serves no signatures, which corepack's shim would otherwise insist on
  // (docs/toolchain.md#pnpm-through-corepack).
  COREPACK_INTEGRITY_KEYS: '0',
  TURBO_TELEMETRY_DISABLED: '1',
  CHECKPOINT_DISABLE: '1',
};

/**
 * Runs cmd in the repository and waits for it; quiet keeps its output for the caller.
 * @param {string} cmd
 * @param {string[]} cmdArgs
 */
function run(cmd, cmdArgs, { quiet = false } = {}) {
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    env,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return result;
}

function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { cwd: root, env, encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return;
  console.log(`› installing pnpm ${pnpmVersion} into .tools/`);
  const result = run(
    'npm',
    ['install', '--prefix', toolsDir, '--no-save', '--no-audit', '--no-fund', `pnpm@${pnpmVersion}`],
    {
      quiet: true,
    },
  );
  if (result.status !== 0) {
    console.error(`could not install pnpm ${pnpmVersion} with npm:\n${result.stderr}`);
    process.exit(1);
  }
}

function ensureInstalled() {
  const inputs = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json'].map((f) =>
    readFileSync(path.join(root, f)),
  );
  const stamp = createHash('sha256').update(Buffer.concat(inputs)).digest('hex');
  const stampFile = path.join(root, 'node_modules', '.frostline-install');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log('› installing dependencies (pnpm install --frozen-lockfile)');
  if (run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only']).status !== 0) process.exit(1);
  writeFileSync(stampFile, stamp);
}

function build() {
  console.log('› building (turbo run build)');
  const result = run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensurePnpm();
ensureInstalled();
build();
const child = spawn(process.execPath, [path.join(root, 'scripts', `${command}.mjs`), ...args], {
  cwd: root,
  env,
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group; a SIGTERM sent to this process alone is passed on, so the
// command always gets the chance to stop its services cleanly.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
