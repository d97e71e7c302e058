import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { Chain } from '../chain/chain.js';
import { readChainFile, type ChainLine } from '../chain/chain-file.js';
import type { RewardAccountUpdate } from '../chain/events.js';
import { Ledger } from '../ledger/ledger.js';
import { Forger } from '../live/forger.js';
import { memoryEntry, memoryLines } from '../chain/memory-source.js';
import type { Point, Slot, Tip } from '../chain/point.js';
import { replay } from '../chain/replay.js';
import { byronEpochLength, loadNetwork, type NetworkName } from '../networks/networks.js';
import { serveConnection } from './connection.js';
import { health, type Metrics } from './health.js';
import { localEvaluator } from './local-evaluator.js';
import type { Outcome } from './rpc.js';
import { SUBMISSION_UNSUPPORTED, type Evaluator } from './transactions.js';

/** Where the served chain comes from: a chain file (JSON lines) or Ogmios blocks in memory. */
export type ChainSource = { file: string } | { blocks: object[] };

export interface DevnetOptions {
  chain: ChainSource;
  network?: NetworkName;
  /** Replaces the network's genesis system start (whole seconds): see `systemStartEndingAt`. */
  systemStart?: Date;
  /** 1337 by default, like Ogmios; 0 picks a free port. */
  port?: number;
  host?: string;
  /** Milliseconds between released blocks of the source; 0 (default) releases them at once. */
  blockInterval?: number;
  /**
   * Live mode: once the source is replayed, forge a block every `forgeInterval` ms from the mempool of
   * submitted transactions (empty blocks when it is empty), appended to the chain file. 0 (default):
   * the devnet only serves its source and `submitTransaction` answers an error.
   */
  forgeInterval?: number;
  /**
   * Answer `evaluateTransaction` with packages/evaluator over the served chain's UTxO set (default
   * true). The set is only built when a transaction is evaluated, so it costs nothing until then.
   */
  evaluation?: boolean;
  /** Another script evaluation engine answering `evaluateTransaction` (replaces the built-in one). */
  evaluator?: Evaluator;
}

export interface Devnet {
  /** ws://host:port, for `createInteractionContext` or a raw WebSocket. */
  url: string;
  port: number;
  /** Resolves once the whole source has been released (rejects if the source is invalid). */
  replayed: Promise<void>;
  tip(): Tip | 'origin';
  appendBlock(block: object): void;
  rollBack(point: Point): void;
  /** Switches to another branch from `point` in one step (followers roll back, then roll forward). */
  fork(point: Point, blocks: object[]): void;
  /** Reward accounts as they stand after the current tip (undone when its block is rolled back). */
  setRewardAccounts(accounts: RewardAccountUpdate[]): void;
  setProtocolParameters(slot: Slot, parameters: Record<string, unknown>): void;
  /** Validates a transaction against the live ledger and queues it for the next block (Ogmios' answer). */
  submitTransaction(cbor: Uint8Array): Outcome;
  /** Live mode: forges the next block now, as each `forgeInterval` does (tests that set a long one). */
  forge(): void;
  close(): Promise<void>;
}

export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const network = loadNetwork(options.network ?? 'custom', options.systemStart);
  const epochLength = byronEpochLength(network);
  const chain = new Chain();
  const forgeInterval = options.forgeInterval ?? 0;
  let forger: Forger | undefined;
  const ledger = new Ledger(chain, network, () => forger?.currentSlot() ?? tipSlot(chain));
  if (forgeInterval > 0) {
    forger = new Forger({ chain, ledger, file: 'file' in options.chain ? options.chain.file : undefined });
  }
  const metrics: Metrics = { activeConnections: 0, totalConnections: 0, totalMessages: 0, totalUnrouted: 0 };
  const startTime = new Date();

  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') {
      const { status, body } = health({ chain, network, startTime, metrics });
      // Clients fetch /health once per connection: a kept-alive socket that the server times out
      // while a client reuses it resets that client's next health check (ECONNRESET under load).
      response
        .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
        .end(JSON.stringify(body, bigintAsNumber));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
  });
  const evaluator = options.evaluator ?? (options.evaluation === false ? undefined : localEvaluator(ledger));
  const submit = (cbor: Uint8Array): Outcome =>
    forger === undefined ? SUBMISSION_UNSUPPORTED : ledger.submit(cbor);
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) =>
    serveConnection(socket, { chain, ledger, network, metrics, evaluator, submit }),
  );
  const port = await listen(server, options.port ?? 1337, options.host ?? '127.0.0.1');

  const aborter = new AbortController();
  const lines: AsyncIterable<ChainLine> =
    'file' in options.chain
      ? readChainFile(options.chain.file, epochLength)
      : memoryLines(options.chain.blocks, epochLength);
  const replayed = replay(lines, chain, ledger, {
    blockInterval: options.blockInterval ?? 0,
    signal: aborter.signal,
  });
  // Callers observe failures through `replayed`; this keeps an unobserved failure from crashing the process.
  replayed.catch(() => undefined);
  let forging: NodeJS.Timeout | undefined;
  void replayed.then(() => {
    if (forger !== undefined && !aborter.signal.aborted)
      forging = setInterval(() => forgeNext(forger), forgeInterval);
  });

  const entry = (block: object) => {
    const tip = chain.tip();
    return memoryEntry(block, tip === 'origin' ? undefined : tip.slot, epochLength);
  };
  return {
    url: `ws://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    replayed,
    tip: () => chain.tip(),
    appendBlock: (block) => chain.append(entry(block)),
    rollBack: (point) => chain.rollBackTo(point),
    fork: (point, blocks) => {
      let previousSlot = point === 'origin' ? undefined : point.slot;
      const branch = blocks.map((block) => {
        const built = memoryEntry(block, previousSlot, epochLength);
        previousSlot = built.slot;
        return built;
      });
      chain.switchTo(point, branch);
    },
    setRewardAccounts: (accounts) => ledger.setRewardAccounts(accounts),
    setProtocolParameters: (slot, parameters) => ledger.data.setProtocolParameters(slot, parameters),
    submitTransaction: submit,
    forge: () => {
      if (forger === undefined) throw new Error('forge() needs live mode (forgeInterval > 0)');
      forger.forge();
    },
    close: async () => {
      aborter.abort();
      clearInterval(forging);
      sockets.clients.forEach((socket) => socket.terminate());
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      chain.close();
    },
  };
}

function tipSlot(chain: Chain): Slot {
  const tip = chain.tip();
  return tip === 'origin' ? 0 : tip.slot;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** /health is plain JSON for any HTTP client; slots beyond 2^53 only occur in synthetic chains. */
function bigintAsNumber(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}

/**
 * One block of the live chain. A failure is logged and the next interval tries again: one bad block
 * must not stop the chain, nor (uncaught in a timer) the process serving it.
 */
function forgeNext(forger: Forger): void {
  try {
    forger.forge();
  } catch (error) {
    console.error(`devnet: could not forge a block: ${(error as Error).message}`);
  }
}
