#!/usr/bin/env node
// Streaming benchmark: how fast does the devnet serve a generated chain to a client that only counts
// blocks? Runs against the build (`pnpm --filter @frostline/devnet build` first):
//
//   node bench/stream.mjs [--blocks 10000] [--tx-per-block 20] [--in-flight 100] [--cache DIR]
//
// The chain file is generated once per size into --cache (default: <tmp>/frostline-devnet-bench; the
// generator makes ≈60 blocks/s at 20 tx/block) and reused. The server runs in its own process (the CLI,
// as deployed); two clients sync it from origin in turn: the real @cardano-ogmios/client chain-sync with
// `inFlight` pipelined requests (what the indexer does, JSON parsing included), then a raw WebSocket
// client that keeps the same number of nextBlock requests in flight and parses nothing, to show the
// server's own ceiling. Results go to standard output as one JSON object; progress to standard error.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createChainSynchronizationClient, createInteractionContext } from '@cardano-ogmios/client';
import WebSocket from 'ws';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '10000' },
    'tx-per-block': { type: 'string', default: '20' },
    'in-flight': { type: 'string', default: '100' },
    cache: { type: 'string', default: join(tmpdir(), 'frostline-devnet-bench') },
  },
});
const blocks = Number(values.blocks);
const txPerBlock = Number(values['tx-per-block']);
const inFlight = Number(values['in-flight']);

const log = (message) => console.error(`bench: ${message}`);

/** The cached chain file of this size, generated first when missing (seed 1, everything else default). */
async function chainFile() {
  mkdirSync(values.cache, { recursive: true });
  const file = join(values.cache, `chain-${blocks}x${txPerBlock}.jsonl`);
  if (existsSync(file)) return file;
  log(`generating ${blocks} blocks at ${txPerBlock} tx/block into ${file} (slow: ≈60 blocks/s)`);
  const partial = `${file}.partial`;
  const args = ['generate', '--blocks', String(blocks), '--tx-per-block', String(txPerBlock), '--out', partial];
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`devnet generate exited with ${code}`);
  renameSync(partial, file);
  return file;
}

/** Starts `devnet serve` on a free port and resolves once the whole chain is released. */
async function serve(file) {
  const child = spawn(process.execPath, [CLI, 'serve', '--chain', file, '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  for await (const chunk of child.stderr) {
    text += chunk;
    const port = text.match(/protocol on ws:\/\/[\d.]+:(\d+)/)?.[1];
    if (port !== undefined && text.includes('chain replayed')) return { child, port: Number(port) };
  }
  throw new Error(`devnet serve stopped: ${text}`);
}

/** The real client, as the indexer uses it: counts roll-forwards until the tip block arrives. */
async function ogmiosClient(port) {
  const context = await createInteractionContext(() => undefined, () => undefined, { connection: { host: '127.0.0.1', port } });
  let count = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const client = await createChainSynchronizationClient(context, {
    rollForward: async ({ block, tip }, requestNext) => {
      count += 1;
      if (block.id === tip.id) done();
      else requestNext();
    },
    rollBackward: async (_point, requestNext) => requestNext(),
  });
  const started = performance.now();
  await client.resume(['origin'], inFlight);
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await client.shutdown();
  return { blocks: count, seconds, blocksPerSecond: Math.round(count / seconds) };
}

/** Keeps `inFlight` nextBlock requests outstanding and counts answers without parsing them. */
async function rawClient(port, expected) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  await once(socket, 'open');
  const request = '{"jsonrpc":"2.0","method":"nextBlock"}';
  // The first answer rolls back to origin, then come the `expected` blocks.
  const total = expected + 1;
  let received = 0;
  let bytes = 0;
  let sent = 0;
  const started = performance.now();
  const finished = new Promise((resolve) => {
    socket.on('message', (data) => {
      received += 1;
      bytes += data.length;
      if (received === total) resolve();
      else if (sent < total) {
        socket.send(request);
        sent += 1;
      }
    });
  });
  for (; sent < Math.min(inFlight, total); sent += 1) socket.send(request);
  await finished;
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  return { blocks: expected, seconds, blocksPerSecond: Math.round(expected / seconds), megabytesPerSecond: Math.round(bytes / 1e6 / seconds) };
}

const file = await chainFile();
const server = await serve(file);
try {
  log(`serving ${file} on port ${server.port}`);
  const ogmios = await ogmiosClient(server.port);
  log(`@cardano-ogmios/client: ${ogmios.blocksPerSecond} blocks/s`);
  const raw = await rawClient(server.port, ogmios.blocks);
  log(`raw WebSocket: ${raw.blocksPerSecond} blocks/s`);
  const result = {
    benchmark: 'devnet-stream',
    chain: { file, blocks: ogmios.blocks, txPerBlock, megabytes: Math.round(statSync(file).size / 1e6) },
    inFlight,
    ogmiosClient: ogmios,
    rawWebSocket: raw,
  };
  console.log(JSON.stringify(result));
} finally {
  server.child.kill('SIGTERM');
}
