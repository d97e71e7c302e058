import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('network');

/** Lovelace amounts of /network as decimal strings (prisma/sql/network.sql says how each is derived). */
export interface NetworkRow {
  max: string;
  total: string;
  circulating: string;
  locked: string;
  treasury: string;
  reserves: string;
  live: string;
  active: string;
}

/** Supply and stake, or null before the indexer stored the genesis. */
export async function network(db: PrismaClient): Promise<NetworkRow | null> {
  const rows = await queryRows<NetworkRow>(db, SQL);
  return rows[0] ?? null;
}
