import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_required_signers');

export interface TxRequiredSignerRow {
  witness_hash: string;
}

/** The key hashes the transaction requires signatures of, or null if the transaction is unknown. */
export function txsHashRequiredSigners(
  db: PrismaClient,
  hash: string,
): Promise<TxRequiredSignerRow[] | null> {
  return transactionRows<TxRequiredSignerRow>(db, SQL, hash, 'witness_hash');
}
