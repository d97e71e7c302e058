import type { ScriptLanguage } from '@frostline/model';
import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('scripts_script_hash');

export interface ScriptRow {
  language: ScriptLanguage;
  /** hex of the script as Ogmios `cbor` carries it */
  bytes: string;
}

/** The stored script with this hash (56 lowercase hex), or null. */
export async function scriptsScriptHash(db: PrismaClient, scriptHash: string): Promise<ScriptRow | null> {
  const rows = await queryRows<ScriptRow>(db, SQL, [hexBytes(scriptHash)]);
  return rows[0] ?? null;
}
