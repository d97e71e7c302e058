import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The built program, as users run it (npm test builds before testing).
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface IndexerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; stderr: string }>;
}

/** `node dist/main.js` with only `env` (and PATH) as its environment; stderr is kept for the exit report. */
export function runIndexerProgram(env: Record<string, string>): IndexerProcess {
  const child = spawn(process.execPath, [MAIN], {
    // Off-chain fetching off: the generated chains' oracle, pool and DRep anchor URLs are made up, and tests reach
    // no network.
    env: {
      PATH: process.env.PATH,
      NUTLINK_METADATA_REFRESH_MS: '0',
      POOL_METADATA_REFRESH_MS: '0',
      GOVERNANCE_ANCHOR_REFRESH_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, exited };
}
