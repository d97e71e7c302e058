import type { PrismaClient } from '../client.js';
import type { BlockRow } from './block-content.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_latest');

/** The newest indexed block, or null before the first one. */
export async function blocksLatest(db: PrismaClient): Promise<BlockRow | null> {
  const rows = await queryRows<BlockRow>(db, SQL);
  return rows[0] ?? null;
}
