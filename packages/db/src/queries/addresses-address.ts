import type { PrismaClient } from '../client.js';
import { selectionParams, type AddressSelection } from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('addresses_address');

export interface AddressRow {
  /** lovelace of the unspent outputs, as a decimal string */
  lovelace: string;
  /** every asset of the unspent outputs, summed, in unit order; null when none */
  assets: { unit: string; quantity: string }[] | null;
  /** the stake address of the address's first unspent output, null when it has none */
  live_stake_address: string | null;
}

/** The sums over the selection's unspent outputs, or null when no output ever had the selection. */
export async function addressesAddress(
  db: PrismaClient,
  selection: AddressSelection,
): Promise<AddressRow | null> {
  const [row] = await queryRows<AddressRow & { address_seen: boolean }>(db, SQL, selectionParams(selection));
  return row!.address_seen ? row! : null;
}
