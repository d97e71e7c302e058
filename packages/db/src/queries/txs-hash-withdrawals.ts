import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_withdrawals');

export interface TxWithdrawalRow {
  address: string;
  amount: string;
}

/** The withdrawals of the transaction in Blockfrost's order, or null if the transaction is unknown. */
export function txsHashWithdrawals(db: PrismaClient, hash: string): Promise<TxWithdrawalRow[] | null> {
  return transactionRows<TxWithdrawalRow>(db, SQL, hash, 'address');
}
