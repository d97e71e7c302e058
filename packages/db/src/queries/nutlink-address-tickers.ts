import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile, type Order } from './sql-file.js';

const SQL = readSqlFile('nutlink_address_tickers');

export interface NutlinkAddressTickersParams {
  address: { kind: 'address'; address: string } | { kind: 'paymentCredential'; hash: string };
  limit: number;
  offset: number;
  order: Order;
}

export interface NutlinkTickerRow {
  name: string;
  count: number;
  latest_block: number;
}

export interface NutlinkAddressTickersResult {
  /** A label-1967 transaction has an output to the address: it is an oracle. */
  oracleRegistered: boolean;
  tickers: NutlinkTickerRow[];
}

type Row = NutlinkTickerRow & { oracle_registered: boolean };

export async function nutlinkAddressTickers(
  db: PrismaClient,
  { address, limit, offset, order }: NutlinkAddressTickersParams,
): Promise<NutlinkAddressTickersResult> {
  const rows = await queryRows<Row>(db, SQL, [
    address.kind === 'address' ? address.address : null,
    address.kind === 'paymentCredential' ? hexBytes(address.hash) : null,
    order,
    limit,
    offset,
  ]);
  const [probe] = rows;
  // The probe row comes back alone, with null ticker columns, when the page is empty.
  return { oracleRegistered: probe.oracle_registered, tickers: probe.name === null ? [] : rows };
}
