import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_hash_or_number_addresses');

export interface BlockAddressRow {
  address: string;
  transactions: { tx_hash: string }[];
}

interface Row {
  block_seen: boolean;
  address: string | null;
  transactions: { tx_hash: string }[] | null;
}

/**
 * GET /blocks/{hash_or_number}/addresses: every address the block (hash, lower-case hex) touched, in page
 * order; null when no block has the hash (a rollback removed it).
 */
export async function blocksHashOrNumberAddresses(
  db: PrismaClient,
  blockHash: string,
): Promise<BlockAddressRow[] | null> {
  const rows = await queryRows<Row>(db, SQL, [hexBytes(blockHash)]);
  if (!rows[0]!.block_seen) return null;
  return rows.filter((row): row is Row & BlockAddressRow => row.address !== null);
}
