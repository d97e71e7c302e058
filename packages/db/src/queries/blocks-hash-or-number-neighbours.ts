import type { PrismaClient } from '../client.js';
import type { BlockRow } from './block-content.js';
import { queryRows, readSqlFile } from './sql-file.js';

const NEXT_SQL = readSqlFile('blocks_hash_or_number_next');
const PREVIOUS_SQL = readSqlFile('blocks_hash_or_number_previous');

/** One page of the blocks around block `blockId` (from {@link blockId}), oldest first. */
export interface BlockNeighboursParams {
  blockId: string;
  limit: number;
  offset: number;
}

/** GET /blocks/{hash_or_number}/next: the blocks after it. */
export function blocksHashOrNumberNext(db: PrismaClient, page: BlockNeighboursParams): Promise<BlockRow[]> {
  return queryRows<BlockRow>(db, NEXT_SQL, [page.blockId, page.limit, page.offset]);
}

/** GET /blocks/{hash_or_number}/previous: the blocks before it. */
export function blocksHashOrNumberPrevious(
  db: PrismaClient,
  page: BlockNeighboursParams,
): Promise<BlockRow[]> {
  return queryRows<BlockRow>(db, PREVIOUS_SQL, [page.blockId, page.limit, page.offset]);
}
