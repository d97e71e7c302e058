import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('block_id');

/** A block as a /blocks/… path names it: by height, by hash (lower-case hex), or the newest. */
export type BlockSelector = { height: number } | { hash: string } | 'latest';

/** The id of the block (int8 as text), or null if there is none. */
export async function blockId(db: PrismaClient, block: BlockSelector): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(db, SQL, [
    typeof block === 'object' && 'height' in block ? block.height : null,
    typeof block === 'object' && 'hash' in block ? hexBytes(block.hash) : null,
    block === 'latest',
  ]);
  return rows[0]?.id ?? null;
}
