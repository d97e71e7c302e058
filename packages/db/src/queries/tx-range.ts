import type { PrismaClient } from '../client.js';
import { queryRows, type Order } from './sql-file.js';

/** A from/to filter of a transaction list (`block[:index]`, both ends inclusive); null where not given. */
export interface BlockRange {
  fromHeight: number | null;
  fromIndex: number | null;
  toHeight: number | null;
  toIndex: number | null;
}

/** The four parameters prisma/sql/fragments/tx_range.sql reads, in its order. */
function blockRangeParams(range: BlockRange): (number | null)[] {
  return [range.fromHeight, range.fromIndex, range.toHeight, range.toIndex];
}

/** One page of a transaction list with its filter. */
export interface TransactionPageParams {
  range: BlockRange;
  limit: number;
  offset: number;
  order: Order;
}

/** A transaction of a history list, as Blockfrost lists it. */
export interface HistoryTransactionRow {
  tx_hash: string;
  tx_index: number;
  /** null for the genesis pseudo-transactions, as db-sync's genesis block has no number */
  block_height: number | null;
  block_time: number;
}

/** A page of a history list, and whether the address, account or asset it belongs to was ever seen. */
export interface HistoryPage<T> {
  seen: boolean;
  transactions: T[];
}

/**
 * Runs a history query (its SQL ends with fragments/history_page_transactions.sql after a `seen` probe
 * column) with the range and page after the key parameters, and picks each row's columns.
 */
export async function historyPage<T extends HistoryTransactionRow>(
  db: PrismaClient,
  sql: string,
  keys: unknown[],
  { range, limit, offset }: Omit<TransactionPageParams, 'order'>,
  pick: (row: T) => T,
): Promise<HistoryPage<T>> {
  const rows = await queryRows<T & { seen: boolean }>(db, sql, [
    ...keys,
    ...blockRangeParams(range),
    limit,
    offset,
  ]);
  // The probe row comes back alone, with null transaction columns, when the page is empty.
  return { seen: rows[0]!.seen, transactions: rows[0]!.tx_hash === null ? [] : rows.map(pick) };
}

/** The row's transaction columns, without the probe's. */
export function historyTransaction({
  tx_hash,
  tx_index,
  block_height,
  block_time,
}: HistoryTransactionRow): HistoryTransactionRow {
  return { tx_hash, tx_index, block_height, block_time };
}
