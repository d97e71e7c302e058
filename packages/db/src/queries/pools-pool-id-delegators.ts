import type { PrismaClient } from '../client.js';
import { POOL_KNOWN_PARAMETERS, poolKnown, type PoolKey, type PoolsPage } from './pools.js';
import { probedPage, queryRows, readSqlFile, sqlByDirection, withNamedParameters } from './sql-file.js';

/** The page query: after its page size and offset ($1, $2), the pool (pool_known.sql's parameters). */
export const POOL_DELEGATORS_QUERY = withNamedParameters(
  readSqlFile('pools_pool_id_delegators'),
  POOL_KNOWN_PARAMETERS,
);
const DELEGATORS_SQL = sqlByDirection(POOL_DELEGATORS_QUERY.text);

/** A live delegator: its stake address and live stake (lovelace as a decimal string). */
export interface PoolDelegatorRow {
  address: string;
  live_stake: string;
}

interface ProbedDelegatorRow {
  seen: boolean;
  address: string | null;
  live_stake: string | null;
}

/**
 * GET /pools/{pool_id}/delegators: the registered accounts whose newest delegation is to the pool, or null when
 * the index does not know the pool (the probe of poolExists, in the page's statement).
 */
export async function poolsPoolIdDelegators(
  db: PrismaClient,
  pool: PoolKey,
  page: PoolsPage,
): Promise<PoolDelegatorRow[] | null> {
  const rows = await queryRows<ProbedDelegatorRow>(db, DELEGATORS_SQL[page.order], [
    page.limit,
    page.offset,
    ...POOL_DELEGATORS_QUERY.values(poolKnown(pool)),
  ]);
  const { probe, page: delegators } = probedPage(rows, 'address');
  if (!probe.seen) return null;
  return delegators.map(({ address, live_stake }) => ({ address: address!, live_stake: live_stake! }));
}
