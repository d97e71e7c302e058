import { pgPool, TRANSACTION_LIMITS, type PrismaClient } from '@frostline/db';
import type pg from 'pg';

/** A transaction that ran longer than its limit: its connection was closed, so PostgreSQL rolled it back. */
export class TransactionTimeoutError extends Error {}

export interface TransactionLimits {
  /** how long to wait for a connection of the pool (ms) */
  maxWaitMs?: number;
  /** how long the transaction may run before it is rolled back (ms); null: as long as it takes */
  timeoutMs?: number | null;
}

/**
 * The chain store's one way to change the database: `work` in a transaction on a connection of the pool
 * under Prisma (COPY, which batch writes use, is not in Prisma's query interface), within the limits
 * Prisma's own transactions have (TRANSACTION_LIMITS).
 */
export async function inTransaction<T>(
  prisma: PrismaClient,
  work: (client: pg.PoolClient) => Promise<T>,
  { maxWaitMs = TRANSACTION_LIMITS.maxWait, timeoutMs = TRANSACTION_LIMITS.timeout }: TransactionLimits = {},
): Promise<T> {
  const client = await connect(pgPool(prisma), maxWaitMs);
  // A connection lost mid-transaction (a database restart) fails the pending query, which throws
  // below; its 'error' event, unheard, would end the process.
  const ignoreConnectionError = () => undefined;
  client.on('error', ignoreConnectionError);
  let released = false;
  // Closing the connection is the only way to stop a statement that is running: PostgreSQL then rolls back.
  const expiry =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          released = true;
          client.release(new TransactionTimeoutError(`the transaction ran longer than ${timeoutMs} ms`));
        }, timeoutMs);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (released) throw new TransactionTimeoutError(`the transaction ran longer than ${timeoutMs} ms`);
    // A connection that failed mid-transaction is not given back to the pool.
    await client.query('ROLLBACK').catch(() => undefined);
    released = true;
    client.release(true);
    throw error;
  } finally {
    clearTimeout(expiry);
    client.off('error', ignoreConnectionError);
    if (!released) client.release();
  }
}

/** A connection of the pool, or an error once `maxWaitMs` passed (pg-pool itself would wait for ever). */
async function connect(pool: pg.Pool, maxWaitMs: number): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const connecting = pool.connect();
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new TransactionTimeoutError(`no database connection within ${maxWaitMs} ms`));
    }, maxWaitMs);
  });
  // A connection that comes after the wait was given up goes back to the pool.
  connecting.then((client) => timedOut && client.release()).catch(() => undefined);
  try {
    return await Promise.race([connecting, waited]);
  } finally {
    clearTimeout(timer);
  }
}
