import type { PrismaClient } from '../client.js';
import { readSqlFile } from './sql-file.js';

const SQL = readSqlFile('epochs_number_parameters');

export interface EpochParametersRow {
  epoch: number;
  /** Ogmios queryLedgerState/protocolParameters, as the indexer stored it */
  params: Record<string, unknown>;
  /** hex; null where the epoch nonce is neutral */
  nonce: string | null;
}

/** The stored parameters of `epoch` (the newest stored epoch for 'latest'), or null when there are none. */
export async function epochsNumberParameters(
  db: PrismaClient,
  epoch: number | 'latest',
): Promise<EpochParametersRow | null> {
  const rows = await db.$queryRawUnsafe<EpochParametersRow[]>(SQL, epoch === 'latest' ? null : epoch);
  return rows[0] ?? null;
}
