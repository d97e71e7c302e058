import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_pool_updates');

export interface TxPoolUpdateRow {
  /** the transaction's CBOR (hex), where the certificates' parameters are */
  cbor: string | null;
  cert_index: number;
  active_epoch: number;
}

/** The pool registrations of the transaction in certificate order, or null if the transaction is unknown. */
export function txsHashPoolUpdates(db: PrismaClient, hash: string): Promise<TxPoolUpdateRow[] | null> {
  return transactionRows<TxPoolUpdateRow>(db, SQL, hash, 'cert_index');
}
