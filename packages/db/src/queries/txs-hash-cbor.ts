import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('txs_hash_cbor');

/** The CBOR (hex) of the transaction with hash `hash`, or null if it is unknown or stored without it. */
export async function txsHashCbor(db: PrismaClient, hash: string): Promise<string | null> {
  const rows = await queryRows<{ cbor: string }>(db, SQL, [hexBytes(hash)]);
  return rows[0]?.cbor ?? null;
}
