import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('chain_tip');

/** The hash (hex) of the newest indexed block, or null before the first one. */
export async function chainTip(db: PrismaClient): Promise<string | null> {
  const rows = await queryRows<{ tip: string }>(db, SQL);
  return rows[0]?.tip ?? null;
}
