// `npm run devnet -- ARGS`: runs the devnet CLI (packages/devnet, built by bootstrap.mjs) with ARGS,
// e.g. `npm run devnet -- serve --generate "--blocks 2000"`. See packages/devnet/README.md.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const child = spawn(
  process.execPath,
  [path.join(root, 'packages', 'devnet', 'dist', 'cli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
// The CLI stops once however many times a signal arrives (Ctrl-C reaches the whole process group,
// a SIGTERM only this process), so passing both on is always safe.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
