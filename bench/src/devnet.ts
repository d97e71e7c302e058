// Devnet streaming: a large generated chain served by the devnet CLI (its own process, as deployed) to a
// client that only counts blocks (packages/devnet/bench/stream.mjs, in a third process), so that the
// devnet is shown never to limit the indexer of the ingest benchmark.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface StreamResult {
  /** roll-forwards received, origin to the tip */
  blocks: number;
  seconds: number;
  blocksPerSecond: number;
  receivedBytes: number;
  megabytesPerSecond: number;
  /** nextBlock requests the client keeps outstanding */
  inFlight: number;
  /** from spawning the server to the chain file indexed ("chain replayed") */
  indexSeconds: number;
  serverPeakRssBytes: number | null;
  /** os.loadavg() as the sync started and ended: other work on the machine shows here */
  loadAverage: { before: string; after: string };
}

export async function devnetStream(root: string, chainFile: string, inFlight: number): Promise<StreamResult> {
  const script = path.join(root, 'packages/devnet/bench/stream.mjs');
  const child = spawn(process.execPath, [script, '--chain', chainFile, '--in-flight', String(inFlight)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`stream.mjs exited with ${code}`);
  return JSON.parse(output) as StreamResult;
}
