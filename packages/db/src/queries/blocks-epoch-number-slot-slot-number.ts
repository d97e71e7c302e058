import type { PrismaClient } from '../client.js';
import type { BlockRow } from './block-content.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_epoch_number_slot_slot_number');

/** The block in slot `epochSlot` of `epoch`, or null if there is none. */
export async function blocksEpochNumberSlotSlotNumber(
  db: PrismaClient,
  { epoch, epochSlot }: { epoch: number; epochSlot: number },
): Promise<BlockRow | null> {
  const rows = await queryRows<BlockRow>(db, SQL, [epoch, epochSlot]);
  return rows[0] ?? null;
}
