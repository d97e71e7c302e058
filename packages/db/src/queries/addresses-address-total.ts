import type { PrismaClient } from '../client.js';
import { selectionParams, type AddressSelection } from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('addresses_address_total');

export interface UnitQuantity {
  unit: string;
  /** decimal string */
  quantity: string;
}

/** What the outputs of an address (or of an account's addresses) received and sent, and its transactions. */
export interface HistoryTotals {
  /** lovelace, decimal strings */
  received: string;
  sent: string;
  txCount: number;
  /** per asset, by unit */
  receivedAssets: UnitQuantity[];
  sentAssets: UnitQuantity[];
}

export interface HistoryTotalsRow {
  received: string;
  sent: string;
  tx_count: number;
  received_assets: UnitQuantity[];
  sent_assets: UnitQuantity[];
}

export function historyTotals(row: HistoryTotalsRow): HistoryTotals {
  return {
    received: row.received,
    sent: row.sent,
    txCount: row.tx_count,
    receivedAssets: row.received_assets,
    sentAssets: row.sent_assets,
  };
}

/** The totals of an address or payment credential; null if it never appeared in an output. */
export async function addressesAddressTotal(
  db: PrismaClient,
  address: AddressSelection,
): Promise<HistoryTotals | null> {
  const [row] = await queryRows<HistoryTotalsRow & { address_seen: boolean }>(
    db,
    SQL,
    selectionParams(address),
  );
  return row!.address_seen ? historyTotals(row!) : null;
}
