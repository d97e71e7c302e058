import type { PrismaClient } from '../client.js';
import {
  historyTotals,
  type HistoryTotals,
  type HistoryTotalsRow,
  type UnitQuantity,
} from './addresses-address-total.js';
import { queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const TOTAL_SQL = readSqlFile('accounts_stake_address_addresses_total');
const ASSETS_SQL = sqlByDirection(readSqlFile('accounts_stake_address_addresses_assets'));

/** The totals over an account's addresses; null for a stake address never seen. */
export async function accountsStakeAddressAddressesTotal(
  db: PrismaClient,
  stakeAddress: string,
): Promise<HistoryTotals | null> {
  const [row] = await queryRows<HistoryTotalsRow & { account_seen: boolean }>(db, TOTAL_SQL, [stakeAddress]);
  return row!.account_seen ? historyTotals(row!) : null;
}

/** One page of the assets an account's live outputs hold; null for a stake address never seen. */
export async function accountsStakeAddressAddressesAssets(
  db: PrismaClient,
  stakeAddress: string,
  { limit, offset, order }: { limit: number; offset: number; order: Order },
): Promise<UnitQuantity[] | null> {
  const rows = await queryRows<{ account_seen: boolean; unit: string | null; quantity: string | null }>(
    db,
    ASSETS_SQL[order],
    [stakeAddress, limit, offset],
  );
  if (!rows[0]!.account_seen) return null;
  return rows[0]!.unit === null
    ? []
    : rows.map(({ unit, quantity }) => ({ unit: unit!, quantity: quantity! }));
}
