import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('block_id');

/** A block as a /blocks/… path names it: by height, by hash (lower-case hex), or the newest. */
export type BlockSelector = { height: number } | { hash: string } | 'latest';

/** A block's id (int8 as text), which a rollback's new branch may give another block, and its hash (hex). */
export interface BlockKey {
  id: string;
  hash: string;
}

/** The block a selector names, or null if there is none. */
export async function findBlock(db: PrismaClient, block: BlockSelector): Promise<BlockKey | null> {
  const rows = await queryRows<BlockKey>(db, SQL, [
    typeof block === 'object' && 'height' in block ? block.height : null,
    typeof block === 'object' && 'hash' in block ? hexBytes(block.hash) : null,
    block === 'latest',
  ]);
  return rows[0] ?? null;
}
