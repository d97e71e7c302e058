import type { PrismaClient } from '../client.js';
import type { AddressUtxoRow } from './addresses-address-utxos-by-ids.js';
import type { BlockRange } from './tx-range.js';
import { hexBytes, probedPage, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('assets_asset_utxos'));

export interface AssetUtxoRow extends AddressUtxoRow {
  block_height: number;
  block_time: number;
}

export interface AssetsAssetUtxosResult {
  assetSeen: boolean;
  utxos: AssetUtxoRow[];
}

/** One page of the unspent outputs holding the asset, in chain order, within the `from`/`to` blocks. */
export async function assetsAssetUtxos(
  db: PrismaClient,
  { policyId, assetName }: { policyId: string; assetName: string },
  { fromHeight, fromIndex, toHeight, toIndex }: BlockRange,
  { limit, offset, order }: PageParams,
): Promise<AssetsAssetUtxosResult> {
  const rows = await queryRows<AssetUtxoRow & { asset_seen: boolean }>(db, SQL[order], [
    hexBytes(policyId),
    hexBytes(assetName),
    limit,
    offset,
    fromHeight,
    fromIndex,
    toHeight,
    toIndex,
  ]);
  const { probe, page } = probedPage(rows, 'tx_hash');
  return { assetSeen: probe.asset_seen, utxos: page };
}
