import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('scripts_datum_datum_hash');

/** CBOR hex of the stored datum with this hash (64 lowercase hex), or null. */
export async function scriptsDatumDatumHash(db: PrismaClient, datumHash: string): Promise<string | null> {
  const rows = await queryRows<{ bytes: string }>(db, SQL, [hexBytes(datumHash)]);
  return rows[0]?.bytes ?? null;
}
