#!/usr/bin/env node
// Streaming benchmark: how fast does the devnet serve a chain file to a client that only counts blocks?
// Runs against the build (`pnpm --filter @frostline/devnet build` first); bench/src/devnet.ts (the
// benchmark suite's `devnet` phase) runs it on a generated 100k-block chain:
//
//   node bench/stream.mjs --chain FILE [--in-flight 100]
//
// The server runs in its own process (the CLI, as deployed). Once it has indexed the file, the client
// syncs from origin keeping `--in-flight` nextBlock requests outstanding, and recognises roll-forwards
// and the tip block from the first bytes of each message without parsing it, so the figure is the
// server's ceiling. One JSON object goes to standard output; progress to standard error.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const CLI = new URL('../dist/cli.js', import.meta.url).pathname;

const { values } = parseArgs({
  options: {
    chain: { type: 'string' },
    'in-flight': { type: 'string', default: '100' },
  },
});
if (values.chain === undefined) {
  console.error('usage: node bench/stream.mjs --chain FILE [--in-flight 100]');
  process.exit(2);
}
const inFlight = Number(values['in-flight']);
const log = (message) => console.error(`stream: ${message}`);

/** Starts `devnet serve` on a free port; resolves once the whole chain file is indexed. */
async function serve(file) {
  const started = performance.now();
  const args = [CLI, 'serve', '--chain', file, '--port', '0', '--no-evaluation'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  for await (const chunk of child.stderr) {
    text += chunk;
    const port = text.match(/protocol on ws:\/\/[\d.]+:(\d+)/)?.[1];
    const tip = text.match(/chain replayed, tip (\{.*\})/)?.[1];
    if (port !== undefined && tip !== undefined) {
      return {
        child,
        port: Number(port),
        tip: JSON.parse(tip),
        indexSeconds: (performance.now() - started) / 1000,
      };
    }
  }
  throw new Error(`devnet serve stopped: ${text}`);
}

/** Keeps `inFlight` nextBlock requests outstanding and counts roll-forwards up to the tip block. */
async function countBlocks(port, tipId) {
  // The client is not what is measured: no UTF-8 validation, no compression.
  const socket = new WebSocket(`ws://127.0.0.1:${port}`, {
    skipUTF8Validation: true,
    perMessageDeflate: false,
  });
  await once(socket, 'open');
  const request = '{"jsonrpc":"2.0","method":"nextBlock"}';
  // Every response starts {"jsonrpc":"2.0","method":"nextBlock","result":{"direction":… and ends with
  // the tip; a block's own id comes within its first few hundred bytes (a small block's whole message,
  // tip included, may be shorter than that).
  const forward = Buffer.from('"direction":"forward"');
  const tip = Buffer.from(',"tip":');
  const tipBlock = Buffer.from(`"id":"${tipId}"`);
  let blocks = 0;
  let bytes = 0;
  const started = performance.now();
  await new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the server closed the connection after ${blocks} blocks`)));
    socket.on('message', (data) => {
      bytes += data.length;
      if (data.subarray(0, 100).indexOf(forward) !== -1) {
        blocks += 1;
        const head = data.subarray(0, Math.min(512, data.lastIndexOf(tip)));
        if (head.indexOf(tipBlock) !== -1) return resolve();
      }
      socket.send(request);
    });
    for (let sent = 0; sent < inFlight; sent += 1) socket.send(request);
  });
  const seconds = (performance.now() - started) / 1000;
  socket.removeAllListeners('close');
  socket.terminate();
  return { blocks, bytes, seconds };
}

function peakRssBytes(pid) {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : null;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const server = await serve(values.chain);
try {
  log(
    `${values.chain} indexed in ${server.indexSeconds.toFixed(1)} s; syncing from origin (inFlight ${inFlight})`,
  );
  const loadBefore = load();
  const { blocks, bytes, seconds } = await countBlocks(server.port, server.tip.id);
  const result = {
    blocks,
    seconds,
    blocksPerSecond: blocks / seconds,
    receivedBytes: bytes,
    megabytesPerSecond: bytes / 1e6 / seconds,
    inFlight,
    indexSeconds: server.indexSeconds,
    serverPeakRssBytes: peakRssBytes(server.child.pid),
    loadAverage: { before: loadBefore, after: load() },
  };
  log(`${blocks} blocks in ${seconds.toFixed(1)} s: ${Math.round(result.blocksPerSecond)} blocks/s`);
  console.log(JSON.stringify(result));
} finally {
  server.child.kill('SIGTERM');
}
