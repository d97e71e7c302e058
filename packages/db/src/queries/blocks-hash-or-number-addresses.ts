import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_hash_or_number_addresses');

export interface BlockAddressRow {
  address: string;
  transactions: { tx_hash: string }[];
}

/** GET /blocks/{hash_or_number}/addresses: one page of the addresses block `blockId` touched. */
export function blocksHashOrNumberAddresses(
  db: PrismaClient,
  page: { blockId: string; limit: number; offset: number },
): Promise<BlockAddressRow[]> {
  return queryRows<BlockAddressRow>(db, SQL, [page.blockId, page.limit, page.offset]);
}
