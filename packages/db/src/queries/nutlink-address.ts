import type { PrismaClient } from '../client.js';
import type { NutlinkAddressTickersParams } from './nutlink-address-tickers.js';
import { selectionParams } from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('nutlink_address');
const METADATA_SQL = readSqlFile('nutlink_metadata');

export type NutlinkAddressParams = Pick<NutlinkAddressTickersParams, 'address'>;

export interface NutlinkAddressResult {
  /** The label-1967 JSON of the oracle's latest registration (null when db-sync would store none). */
  registration: unknown;
}

/** The oracle's latest registration, or null when the address never registered (404). */
export async function nutlinkAddress(
  db: PrismaClient,
  { address }: NutlinkAddressParams,
): Promise<NutlinkAddressResult | null> {
  const [row] = await queryRows<NutlinkAddressResult>(db, SQL, selectionParams(address));
  return row ?? null;
}

/** The off-chain JSON cached for a registration's URL and hash; null until the job fetched one. */
export async function nutlinkMetadata(
  db: PrismaClient,
  url: string,
  hash: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ metadata: Record<string, unknown> | null }>(db, METADATA_SQL, [url, hash]);
  return row?.metadata ?? null;
}
