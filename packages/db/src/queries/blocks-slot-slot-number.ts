import type { PrismaClient } from '../client.js';
import type { BlockRow } from './block-content.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_slot_slot_number');

/** The block in absolute slot `slot`, or null if there is none. */
export async function blocksSlotSlotNumber(db: PrismaClient, slot: number): Promise<BlockRow | null> {
  const rows = await queryRows<BlockRow>(db, SQL, [slot]);
  return rows[0] ?? null;
}
