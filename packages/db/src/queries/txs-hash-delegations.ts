import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_delegations');

export interface TxDelegationRow {
  cert_index: number;
  address: string;
  /** hex of the pool's cold-key hash */
  pool_hash: string;
  active_epoch: number;
}

/** The pool delegations of the transaction in Blockfrost's order, or null if the transaction is unknown. */
export function txsHashDelegations(db: PrismaClient, hash: string): Promise<TxDelegationRow[] | null> {
  return transactionRows<TxDelegationRow>(db, SQL, hash, 'address');
}
