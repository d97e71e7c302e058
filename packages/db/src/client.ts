import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

export type { PrismaClient } from './generated/prisma/client.js';
export { Prisma } from './generated/prisma/client.js';

export interface DbOptions {
  /** pool size of the pg driver behind Prisma */
  maxConnections?: number;
  /** statement timeout so a runaway query cannot hold a connection forever */
  statementTimeoutMs?: number;
}

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * How long a transaction waits for a connection (maxWait) and may run (timeout), in ms: Prisma's
 * defaults (2 s to get a connection, 5 s to finish) fail a transaction on a busy machine or behind a busy
 * pool (P2028): a worker's job waiting for the connections another job holds, a rollback of thousands of
 * blocks. A transaction here waits for its turn and runs to its end; runaway statements are what
 * statement_timeout stops. The indexer's transactions on the pg pool keep the same limits.
 */
export const TRANSACTION_LIMITS = { maxWait: 60_000, timeout: 600_000 } as const;

/** Prisma 7 has no query engine binary: it talks to Postgres through the pg driver adapter. */
export function createPrismaClient(connectionString: string, options: DbOptions = {}): PrismaClient {
  const max = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString,
    max,
    // Connections once opened stay open. pg closes those idle for 10 s by default, so a server busy on a few
    // connections lost the rest, and the next burst waited for new ones: a PostgreSQL backend to start, then
    // every statement parsed and planned again on it (slow when many do it at once).
    // allowExitOnIdle: idle connections do not keep a script alive that forgot to disconnect.
    min: max,
    allowExitOnIdle: true,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // A connection that drops while idle (a database restart) is discarded by the pool and replaced on
  // the next query; unheard, its 'error' event would end the process. Prisma only listens once it
  // has connected, and pgPool() users may come first.
  pool.on('error', () => undefined);
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: TRANSACTION_LIMITS,
  });
  pools.set(client, pool);
  return client;
}

/**
 * The pg pool a client of {@link createPrismaClient} runs on (ended by its `$disconnect`), for what
 * Prisma's query interface cannot do or does slowly, such as COPY of bulk rows.
 */
export function pgPool(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('pgPool: this PrismaClient was not made by createPrismaClient');
  return pool;
}
