import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const TXS_SQL = sqlByDirection(readSqlFile('blocks_hash_or_number_txs'));
const TXS_CBOR_SQL = sqlByDirection(readSqlFile('blocks_hash_or_number_txs_cbor'));

/** One page of the transactions of block `blockId` (from {@link blockId}), in block order. */
export interface BlockTxsParams {
  blockId: string;
  limit: number;
  offset: number;
  order: Order;
}

export interface BlockTxCborRow {
  tx_hash: string;
  cbor: string;
}

/** GET /blocks/{hash_or_number}/txs, /blocks/latest/txs: the transaction hashes. */
export async function blocksHashOrNumberTxs(db: PrismaClient, page: BlockTxsParams): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(db, TXS_SQL[page.order], [
    page.blockId,
    page.limit,
    page.offset,
  ]);
  return rows.map((row) => row.hash);
}

/** GET /blocks/{hash_or_number}/txs/cbor, /blocks/latest/txs/cbor: the transactions with their CBOR. */
export function blocksHashOrNumberTxsCbor(db: PrismaClient, page: BlockTxsParams): Promise<BlockTxCborRow[]> {
  return queryRows<BlockTxCborRow>(db, TXS_CBOR_SQL[page.order], [page.blockId, page.limit, page.offset]);
}
