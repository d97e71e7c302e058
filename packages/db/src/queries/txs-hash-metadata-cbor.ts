import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_metadata_cbor');

export interface TxMetadataCborRow {
  label: string;
  cbor_metadata: string;
  metadata: string;
}

/** Every metadata label of the transaction, or null if the transaction is unknown. */
export function txsHashMetadataCbor(db: PrismaClient, hash: string): Promise<TxMetadataCborRow[] | null> {
  return transactionRows<TxMetadataCborRow>(db, SQL, hash, 'label');
}
