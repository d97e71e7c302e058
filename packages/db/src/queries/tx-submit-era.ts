import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('tx_submit_era');

/** The era (Ogmios' name: `babbage`, `conway`, …) of the newest indexed block, or null before the first. */
export async function txSubmitEra(db: PrismaClient): Promise<string | null> {
  const rows = await queryRows<{ era: string }>(db, SQL);
  return rows[0]?.era ?? null;
}
