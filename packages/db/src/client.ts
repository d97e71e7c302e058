import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export type { PrismaClient } from './generated/prisma/client.js';
export { Prisma } from './generated/prisma/client.js';

export interface DbOptions {
  /** pool size of the pg driver behind Prisma */
  maxConnections?: number;
  /** statement timeout so a runaway query cannot hold a connection forever */
  statementTimeoutMs?: number;
}

/** Prisma 7 has no query engine binary: it talks to Postgres through the pg driver adapter. */
export function createPrismaClient(connectionString: string, options: DbOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: options.maxConnections ?? 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  return new PrismaClient({ adapter });
}
