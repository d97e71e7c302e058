import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('genesis');

/** Blockfrost's genesis_content, field for field. */
export interface GenesisRow {
  active_slots_coefficient: number;
  update_quorum: number;
  max_lovelace_supply: string;
  network_magic: number;
  epoch_length: number;
  system_start: number;
  slots_per_kes_period: number;
  slot_length: number;
  max_kes_evolutions: number;
  security_param: number;
}

/** The stored Shelley genesis, or null before the indexer first reached the node. */
export async function genesis(db: PrismaClient): Promise<GenesisRow | null> {
  const rows = await queryRows<GenesisRow>(db, SQL);
  return rows[0] ?? null;
}
