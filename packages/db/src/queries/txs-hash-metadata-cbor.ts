import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('txs_hash_metadata_cbor');

export interface TxMetadataCborRow {
  label: string;
  cbor_metadata: string;
  metadata: string;
}

/** Every metadata label of the transaction, or null if the transaction is unknown. */
export async function txsHashMetadataCbor(
  db: PrismaClient,
  hash: string,
): Promise<TxMetadataCborRow[] | null> {
  const rows = await queryRows<TxMetadataCborRow | { label: null }>(db, SQL, [hexBytes(hash)]);
  if (rows.length === 0) return null;
  // A transaction without metadata comes back as one row of nulls (LEFT JOIN).
  return rows.filter((row): row is TxMetadataCborRow => row.label !== null);
}
