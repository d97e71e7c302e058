import pg from 'pg';
import type { Logger } from '../logger.js';

// Any constant works; every indexer writing this schema must use the same one.
export const WRITER_LOCK_KEY = 0x66726f73; // "fros"

export class WriterLockTakenError extends Error {}

/**
 * The lock's connection ended (PostgreSQL restarted, or the session was terminated): until it is
 * retaken, nothing may be written by this process.
 */
export class WriterLockLostError extends Error {}

interface LockSession {
  /** rejects if the session's connection ends before release() */
  lost: Promise<never>;
  release(): Promise<void>;
}

/**
 * Only one indexer may write a database: a session-level advisory lock held on a dedicated
 * connection (like ponder's `_ponder_meta` lock; why one writer: docs/data-model.md#principles).
 */
async function lockSession(databaseUrl: string): Promise<LockSession> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'frostline-indexer-lock' });
  let releasing = false;
  const lost = new Promise<never>((_, reject) => {
    // Without this listener a server restart (57P01) is an unhandled 'error' that kills the process.
    client.on('error', (error) => {
      if (!releasing) reject(new WriterLockLostError(`lost the writer lock: ${error.message}`));
    });
    client.on('end', () => {
      if (!releasing) reject(new WriterLockLostError('lost the writer lock: its database connection ended'));
    });
  });
  lost.catch(() => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      WRITER_LOCK_KEY,
    ]);
    if (!rows[0]!.locked) {
      throw new WriterLockTakenError(
        'another indexer is already writing to this database; only one writer may run at a time',
      );
    }
  } catch (error) {
    releasing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    lost,
    async release() {
      releasing = true;
      await client.query('SELECT pg_advisory_unlock($1)', [WRITER_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * The writer lock for the life of the process. When its connection ends (a PostgreSQL restart ends
 * every session) it is retaken with backoff, in place: writes check {@link assertHeld} first, and
 * chain-sync waits in {@link held} before it resumes from what was committed. Only if another
 * indexer took the lock meanwhile does `taken` reject: this process must then stop writing for good.
 */
export class WriterLock {
  private session: LockSession | null = null;
  private retaking: Promise<void> = Promise.resolve();
  private released = false;
  private takenBy: WriterLockTakenError | null = null;
  private rejectTaken!: (error: WriterLockTakenError) => void;
  readonly taken = new Promise<never>((_, reject) => (this.rejectTaken = reject));

  private constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {
    this.taken.catch(() => undefined);
  }

  /** Takes the lock once: rejects with WriterLockTakenError when another indexer holds it. */
  static async acquire(databaseUrl: string, logger: Logger): Promise<WriterLock> {
    const lock = new WriterLock(databaseUrl, logger);
    lock.watch(await lockSession(databaseUrl));
    return lock;
  }

  assertHeld(): void {
    if (this.session === null) throw this.takenBy ?? new WriterLockLostError('the writer lock is not held');
  }

  /** Resolves once the lock is held (at once unless it is being retaken). */
  async held(): Promise<void> {
    while (this.session === null) {
      if (this.takenBy) throw this.takenBy;
      if (this.released) throw new WriterLockLostError('the writer lock was released');
      await this.retaking;
    }
  }

  async release(): Promise<void> {
    this.released = true;
    await this.session?.release();
    this.session = null;
  }

  private watch(session: LockSession): void {
    this.session = session;
    session.lost.catch((error: unknown) => {
      if (this.released || this.session !== session) return;
      this.session = null;
      this.logger.warn({ err: error }, 'lost the writer lock (PostgreSQL restarted?); retaking it');
      this.retaking = this.retake();
    });
  }

  private async retake(): Promise<void> {
    for (let delayMs = 250; !this.released; delayMs = Math.min(delayMs * 2, 10_000)) {
      try {
        const session = await lockSession(this.databaseUrl);
        if (this.released) return await session.release();
        this.logger.info('retook the writer lock');
        return this.watch(session);
      } catch (error) {
        if (error instanceof WriterLockTakenError) {
          this.takenBy = error;
          this.rejectTaken(error);
          return;
        }
        this.logger.warn(
          { err: error, retryInMs: delayMs },
          'PostgreSQL not reachable; retrying the writer lock',
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
      }
    }
  }
}
