import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_mirs');

export interface TxMirRow {
  pot: 'reserve' | 'treasury';
  cert_index: number;
  address: string;
  amount: string;
}

/** The MIR payments to stake credentials of the transaction in Blockfrost's order, or null if the transaction is unknown. */
export function txsHashMirs(db: PrismaClient, hash: string): Promise<TxMirRow[] | null> {
  return transactionRows<TxMirRow>(db, SQL, hash, 'address');
}
