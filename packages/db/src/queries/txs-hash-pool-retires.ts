import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_pool_retires');

export interface TxPoolRetireRow {
  cert_index: number;
  /** hex of the pool's cold-key hash */
  pool_hash: string;
  retiring_epoch: number;
}

/** The pool retirements of the transaction in certificate order, or null if it is unknown. */
export function txsHashPoolRetires(db: PrismaClient, hash: string): Promise<TxPoolRetireRow[] | null> {
  return transactionRows<TxPoolRetireRow>(db, SQL, hash, 'pool_hash');
}
