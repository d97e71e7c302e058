import { ChainSynchronization, createChainSynchronizationClient } from '@cardano-ogmios/client';

type ChainSynchronizationClient = ChainSynchronization.ChainSynchronizationClient;
import type { OgmiosBlock } from '@frostline/model';
import type { Logger } from '../logger.js';
import { connectOgmios } from './ogmios.js';

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
  /** pipelined nextBlock requests; Ogmios recommends 50–100 */
  inFlight?: number;
}

/**
 * Follows the chain through Ogmios chain-sync, reconnecting with exponential backoff whenever the
 * connection drops or a handler fails, and resuming from the handler's stored points — so a block
 * is never skipped: the handler's own state decides where to continue.
 */
export class ChainFollower {
  private client: ChainSynchronizationClient | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly handler: ChainHandler,
    private readonly options: FollowerOptions,
  ) {}

  /** Runs until stop(); resolves when stopped. */
  async run(): Promise<void> {
    let backoffMs = 500;
    while (!this.stopped) {
      try {
        const failure = await this.followOnce();
        if (this.stopped) break;
        this.options.logger.warn({ reason: failure }, 'chain-sync interrupted; reconnecting');
      } catch (error) {
        if (this.stopped) break;
        if (isFatal(error)) throw error;
        this.options.logger.warn({ err: error, retryInMs: backoffMs }, 'chain-sync failed; retrying');
      }
      await this.sleep(backoffMs);
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.client?.shutdown().catch(() => undefined);
  }

  /** One connection's life: resolves with the reason it ended. */
  private async followOnce(): Promise<string> {
    let end!: (reason: string) => void;
    const ended = new Promise<string>((resolve) => (end = resolve));
    const context = await connectOgmios(this.options.url, (code, reason) => end(`connection closed (${code} ${reason})`));
    const guard = (work: () => Promise<void>, requestNext: () => void) =>
      work().then(requestNext, (error: unknown) => {
        // A failed handler (database down, …) stops this connection; run() reconnects and resumes
        // from what was committed, so nothing is lost or doubled.
        if (isFatal(error)) fatal = error;
        end(`handler failed: ${(error as Error).message}`);
        context.socket.close();
      });
    let fatal: unknown = null;
    this.client = await createChainSynchronizationClient(
      context,
      {
        rollForward: ({ block, tip }, requestNext) =>
          guard(() => this.handler.rollForward(block as unknown as OgmiosBlock, tip as Tip), requestNext),
        rollBackward: ({ point, tip }, requestNext) =>
          guard(() => this.handler.rollBackward(point as Point, tip as Tip), requestNext),
      },
      { sequential: true },
    );
    const points = await this.handler.intersectionPoints();
    await this.client.resume(points, this.options.inFlight ?? 100);
    const reason = await ended;
    await this.client.shutdown().catch(() => undefined);
    this.client = null;
    if (fatal) throw fatal;
    return reason;
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

/** Errors retrying cannot fix: they stop the indexer loudly. */
export class FatalIndexerError extends Error {}

function isFatal(error: unknown): boolean {
  return error instanceof FatalIndexerError || (error as Error)?.name === 'UnrecoverableRollbackError';
}
