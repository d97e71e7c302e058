import type { PrismaClient } from '../client.js';
import type { BlockRow } from './block-content.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_hash_or_number');

/** The block of that height or hash (lower-case hex), or null if there is none. */
export async function blocksHashOrNumber(
  db: PrismaClient,
  block: { height: number } | { hash: string },
): Promise<BlockRow | null> {
  const rows = await queryRows<BlockRow>(db, SQL, [
    'height' in block ? block.height : null,
    'hash' in block ? hexBytes(block.hash) : null,
  ]);
  return rows[0] ?? null;
}
