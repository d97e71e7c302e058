import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('network_eras');

/** One stored era summary (times in seconds since the system start) and the node's tip. */
export interface EraSummaryRow {
  start_time: number;
  start_slot: number;
  start_epoch: number;
  end_time: number | null;
  end_slot: number | null;
  end_epoch: number | null;
  epoch_length: number;
  slot_length_ms: number;
  safe_zone: number | null;
  /** null until the indexer first heard of the node's tip */
  node_tip_slot: number | null;
}

/** The era summaries in era order; empty before the indexer first reached the node. */
export async function networkEras(db: PrismaClient): Promise<EraSummaryRow[]> {
  return queryRows<EraSummaryRow>(db, SQL);
}
