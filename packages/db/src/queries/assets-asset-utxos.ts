import type { BlockBound } from '@frostline/model';
import type { PrismaClient } from '../client.js';
import type { AddressUtxoRow } from './addresses-address-utxos-by-ids.js';
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
  { from, to }: { from: BlockBound | null; to: BlockBound | null },
  { limit, offset, order }: PageParams,
): Promise<AssetsAssetUtxosResult> {
  const rows = await queryRows<AssetUtxoRow & { asset_seen: boolean }>(db, SQL[order], [
    hexBytes(policyId),
    hexBytes(assetName),
    limit,
    offset,
    from?.height ?? null,
    from?.index ?? null,
    to?.height ?? null,
    to?.index ?? null,
  ]);
  const { probe, page } = probedPage(rows, 'tx_hash');
  return { assetSeen: probe.asset_seen, utxos: page };
}
