import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_stakes');

export interface TxStakeRow {
  cert_index: number;
  address: string;
  registration: boolean;
}

/** The stake registrations and deregistrations of the transaction in Blockfrost's order, or null if the transaction is unknown. */
export function txsHashStakes(db: PrismaClient, hash: string): Promise<TxStakeRow[] | null> {
  return transactionRows<TxStakeRow>(db, SQL, hash, 'address');
}
