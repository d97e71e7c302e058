import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

// The stake distributions of the indexer's snapshots (docs/semantics.md#stake-snapshots).

const STAKES_SQL = readSqlFile('epochs_number_stakes');
const POOL_STAKES_SQL = readSqlFile('epochs_number_stakes_pool_id');

export interface EpochStakesPage {
  epoch: number;
  limit: number;
  offset: number;
}

/** An account's stake in a distribution: lovelace as a decimal string, the pool's hash as hex. */
export interface EpochStakeRow {
  stake_address: string;
  pool_hash: string;
  amount: string;
}

/** GET /epochs/{number}/stakes: one page of the distribution active in the epoch, in the ledger's order. */
export function epochsNumberStakes(db: PrismaClient, page: EpochStakesPage): Promise<EpochStakeRow[]> {
  return queryRows<EpochStakeRow>(db, STAKES_SQL, [page.epoch, page.limit, page.offset]);
}

/** GET /epochs/{number}/stakes/{pool_id}: one page of the pool's part of it (pool hash as hex). */
export function epochsNumberStakesPoolId(
  db: PrismaClient,
  page: EpochStakesPage & { poolHash: string },
): Promise<Omit<EpochStakeRow, 'pool_hash'>[]> {
  return queryRows(db, POOL_STAKES_SQL, [page.epoch, page.limit, page.offset, hexBytes(page.poolHash)]);
}
