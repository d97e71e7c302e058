import { ChainSynchronization, type InteractionContext } from '@cardano-ogmios/client';
import { parseOgmiosMessage, type OgmiosBlock } from '@frostline/model';
import { isFatal, NoIntersectionError } from '../errors.js';
import type { Logger } from '../logger.js';
import { openChainSync } from './ogmios.js';

export type Point = { slot: number; id: string } | 'origin';
export type Tip = { slot: number; id: string; height: number } | 'origin';

/** What chain-sync delivers, one message at a time; the next is requested only after this resolves. */
export interface ChainHandler {
  rollForward(block: OgmiosBlock, tip: Tip): Promise<void>;
  rollBackward(point: Point, tip: Tip): Promise<void>;
  /** points to resume from, best first (asked again after every reconnection) */
  intersectionPoints(): Promise<Point[]>;
}

export interface FollowerOptions {
  url: URL;
  logger: Logger;
}

/** Pipelined nextBlock requests; Ogmios recommends 50–100. */
const IN_FLIGHT = 100;
/** nextBlock requests sent together, in one write: a tenth of the system calls of one per handled block. */
const REQUEST_BURST = 10;

/**
 * Follows the chain through Ogmios chain-sync, reconnecting with exponential backoff whenever the
 * connection drops or a handler fails, and resuming from the handler's stored points — so a block
 * is never skipped: the handler's own state decides where to continue.
 */
export class ChainFollower {
  private context: InteractionContext | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** chain-sync messages handled over the follower's life: tells a healthy connection from a failing one */
  private handled = 0;

  constructor(
    private readonly handler: ChainHandler,
    private readonly options: FollowerOptions,
  ) {}

  /** Runs until stop(); resolves when stopped. */
  async run(): Promise<void> {
    let backoffMs = 500;
    while (!this.stopped) {
      const handledBefore = this.handled;
      try {
        const failure = await this.followOnce();
        if (this.stopped) break;
        this.options.logger.warn({ reason: failure }, 'chain-sync interrupted; reconnecting');
      } catch (error) {
        if (this.stopped) break;
        if (isFatal(error)) throw error;
        this.options.logger.warn({ err: error, retryInMs: backoffMs }, 'chain-sync failed; retrying');
      }
      // A connection that delivered blocks was healthy: the next interruption starts the backoff afresh.
      if (this.handled !== handledBefore) backoffMs = 500;
      await this.sleep(backoffMs);
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.context?.socket.close();
  }

  /**
   * One connection's life: @cardano-ogmios/client finds the intersection on the connection
   * {@link openChainSync} opens; the pipelined nextBlock replies are parsed by {@link parseOgmiosMessage}
   * (the client's parser is the bottleneck at catch-up speed) and handled one at a time. Every
   * REQUEST_BURST handled replies, that many requests go out in one write, so that between IN_FLIGHT
   * and IN_FLIGHT - REQUEST_BURST stay outstanding. Resolves with the reason the connection ended.
   */
  private async followOnce(): Promise<string> {
    let end!: (reason: string) => void;
    const ended = new Promise<string>((resolve) => (end = resolve));
    const { context, transport } = await openChainSync(this.options.url, (code, reason) =>
      end(`connection closed (${code} ${reason})`),
    );
    // stop() during the connection attempt had no socket to close.
    if (this.stopped) {
      context.socket.close();
      return 'stopped';
    }
    this.context = context;
    const socket = context.socket;
    const requestBlocks = (count: number) => {
      transport.cork();
      for (let n = 0; n < count; n++) ChainSynchronization.nextBlock(socket);
      transport.uncork();
    };
    let owed = 0;
    let fatal: unknown = null;
    let queue = Promise.resolve();
    // A message is parsed only when its turn comes. Up to IN_FLIGHT replies wait in the queue while
    // a batch is written, and as text each is one flat string; parsed, each was thousands of objects
    // that outlived young-generation collections and had to be copied and promoted by them.
    const onMessage = (data: unknown) => {
      const text = String(data);
      queue = queue.then(async () => {
        if (fatal !== null || socket.readyState !== socket.OPEN) return;
        try {
          const message = parseOgmiosMessage(text) as { method?: string; result?: ChainSyncResult };
          const result = message.result;
          if (message.method !== 'nextBlock' || result?.direction === undefined) return;
          if (result.direction === 'forward') await this.handler.rollForward(result.block, result.tip);
          else await this.handler.rollBackward(result.point, result.tip);
          this.handled++;
          if (++owed === REQUEST_BURST) {
            owed = 0;
            if (socket.readyState === socket.OPEN) requestBlocks(REQUEST_BURST);
          }
        } catch (error) {
          // A failed handler (database down, …) ends this connection; run() reconnects and resumes
          // from what was committed, so nothing is lost or doubled.
          fatal = error;
          end(`handler failed: ${(error as Error).message}`);
          socket.close();
        }
      });
    };
    socket.on('message', onMessage);
    try {
      const points = await this.handler.intersectionPoints();
      await ChainSynchronization.findIntersection(context, points).catch((error: unknown) => {
        throw intersectionFailure(error, points);
      });
      requestBlocks(IN_FLIGHT);
      const reason = await ended;
      await queue;
      if (fatal !== null && isFatal(fatal)) throw fatal;
      return reason;
    } finally {
      socket.off('message', onMessage);
      socket.close();
      this.context = null;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

type ChainSyncResult =
  { direction: 'forward'; block: OgmiosBlock; tip: Tip } | { direction: 'backward'; point: Point; tip: Tip };

/**
 * Why findIntersection found none of `points` (the client's JSONRPCError 1000, whose data is the node's tip). A node
 * whose tip is not behind the oldest point, k blocks back, has a chain that parted from the index
 * deeper than k: fatal. A node behind it (resyncing, or still loading) may yet reach the points: that
 * is retried.
 */
function intersectionFailure(error: unknown, points: Point[]): unknown {
  const answer = error as { code?: number; data?: { tip?: Tip } } | null;
  if (answer?.code !== 1000) return error;
  const nodeTip = answer.data?.tip ?? 'origin';
  const oldest = points.at(-1)!;
  const newest = points[0]!;
  const at = (point: Point | Tip) => (point === 'origin' ? 'origin' : `slot ${point.slot} (${point.id})`);
  if (oldest !== 'origin' && (nodeTip === 'origin' || nodeTip.slot < oldest.slot))
    return new Error(`the node's tip, ${at(nodeTip)}, is behind the indexed chain's ${at(oldest)}`);
  return new NoIntersectionError(
    `the node's chain (tip ${at(nodeTip)}) holds none of the indexed blocks from ${at(newest)} ` +
      `back to ${at(oldest)}: it forked from the index deeper than k, or the index was made from another chain`,
  );
}
