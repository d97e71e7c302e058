import type { PrismaClient } from '../client.js';
import type { NutlinkAddressTickersParams } from './nutlink-address-tickers.js';
import { selectionParams } from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const ADDRESS_SQL = sqlByDirection(readSqlFile('nutlink_address_tickers_ticker'));
const EVERY_ORACLE_SQL = sqlByDirection(readSqlFile('nutlink_tickers_ticker'));

/** One record of a ticker: a transaction whose label-1968 JSON has the ticker, and the ticker's value. */
export interface NutlinkTickerRecordRow {
  tx_hash: string;
  block_height: number;
  tx_index: number;
  /** the ticker's JSON value (JSON null included) */
  payload: unknown;
}

export interface NutlinkPageParams {
  ticker: string;
  limit: number;
  offset: number;
  order: Order;
}

export interface NutlinkAddressTickersTickerResult {
  /** A label-1967 transaction has an output to the address: it is an oracle. */
  oracleRegistered: boolean;
  /** Some oracle posted the ticker. */
  tickerSeen: boolean;
  records: NutlinkTickerRecordRow[];
}

/** One page of the ticker's records at an oracle address (or payment credential), in chain order. */
export async function nutlinkAddressTickersTicker(
  db: PrismaClient,
  { address, ticker, limit, offset, order }: Pick<NutlinkAddressTickersParams, 'address'> & NutlinkPageParams,
): Promise<NutlinkAddressTickersTickerResult> {
  type Row = NutlinkTickerRecordRow & { oracle_registered: boolean; ticker_seen: boolean };
  const rows = await queryRows<Row>(db, ADDRESS_SQL[order], [
    ...selectionParams(address),
    ticker,
    limit,
    offset,
  ]);
  const [probe] = rows;
  return {
    oracleRegistered: probe.oracle_registered,
    tickerSeen: probe.ticker_seen,
    records: probeRowsOnly(rows),
  };
}

export interface NutlinkTickersTickerResult {
  tickerSeen: boolean;
  records: (NutlinkTickerRecordRow & { address: string })[];
}

/** One page of the ticker's records at every oracle, with each record's address, in chain order. */
export async function nutlinkTickersTicker(
  db: PrismaClient,
  { ticker, limit, offset, order }: NutlinkPageParams,
): Promise<NutlinkTickersTickerResult> {
  type Row = NutlinkTickerRecordRow & { address: string; ticker_seen: boolean };
  const rows = await queryRows<Row>(db, EVERY_ORACLE_SQL[order], [ticker, limit, offset]);
  return { tickerSeen: rows[0].ticker_seen, records: probeRowsOnly(rows) };
}

// The probe row comes back alone, with null record columns, when the page is empty.
function probeRowsOnly<T extends { tx_hash: string | null }>(rows: T[]): T[] {
  return rows[0].tx_hash === null ? [] : rows;
}
