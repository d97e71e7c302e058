import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('assets_asset_addresses'));

export interface AssetsAssetAddressesParams {
  policyId: string;
  assetName: string;
  limit: number;
  offset: number;
  order: Order;
}

export interface AssetAddressRow {
  address: string;
  /** decimal string */
  quantity: string;
}

export interface AssetsAssetAddressesResult {
  assetSeen: boolean;
  addresses: AssetAddressRow[];
}

/** One page of the addresses holding the asset in unspent outputs, with how much each holds. */
export async function assetsAssetAddresses(
  db: PrismaClient,
  { policyId, assetName, limit, offset, order }: AssetsAssetAddressesParams,
): Promise<AssetsAssetAddressesResult> {
  const rows = await queryRows<AssetAddressRow & { asset_seen: boolean }>(db, SQL[order], [
    hexBytes(policyId),
    hexBytes(assetName),
    limit,
    offset,
  ]);
  const [probe] = rows;
  // The probe row comes back alone, with null address columns, when the page is empty.
  return {
    assetSeen: probe.asset_seen,
    addresses: probe.address === null ? [] : rows.map(({ address, quantity }) => ({ address, quantity })),
  };
}
