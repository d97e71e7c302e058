import type { PrismaClient } from '../client.js';
import type { PoolsPage } from './pools.js';
import { hexBytes, queryRows, readSqlFile, sqlByDirection } from './sql-file.js';

const DELEGATORS_SQL = sqlByDirection(readSqlFile('pools_pool_id_delegators'));

/** A live delegator: its stake address and live stake (lovelace as a decimal string). */
export interface PoolDelegatorRow {
  address: string;
  live_stake: string;
}

/** GET /pools/{pool_id}/delegators: the registered accounts whose newest delegation is to the pool (hash hex). */
export function poolsPoolIdDelegators(
  db: PrismaClient,
  hash: string,
  page: PoolsPage,
): Promise<PoolDelegatorRow[]> {
  return queryRows<PoolDelegatorRow>(db, DELEGATORS_SQL[page.order], [
    page.limit,
    page.offset,
    hexBytes(hash),
  ]);
}
