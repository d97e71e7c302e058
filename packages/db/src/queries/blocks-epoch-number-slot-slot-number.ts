import type { PrismaClient } from '../client.js';
import { readSqlFile } from './sql-file.js';

const SQL = readSqlFile('blocks_epoch_number_slot_slot_number');

/** The block columns, already in Blockfrost's field order and types. */
export interface BlockRow {
  time: number;
  height: number | null;
  hash: string;
  slot: number | null;
  epoch: number | null;
  epoch_slot: number | null;
  slot_leader: string;
  size: number;
  tx_count: number;
  output: string | null;
  fees: string | null;
  block_vrf: string | null;
  op_cert: string | null;
  op_cert_counter: string | null;
  previous_block: string | null;
  next_block: string | null;
  confirmations: number;
}

/** The block in slot `epochSlot` of `epoch`, or null if there is none. */
export async function blocksEpochNumberSlotSlotNumber(
  db: PrismaClient,
  { epoch, epochSlot }: { epoch: number; epochSlot: number },
): Promise<BlockRow | null> {
  const rows = await db.$queryRawUnsafe<BlockRow[]>(SQL, epoch, epochSlot);
  return rows[0] ?? null;
}
