import type { PrismaClient } from '../client.js';
import { hexBytes, probedPage, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('assets_asset_history'));

export interface AssetHistoryRow {
  tx_hash: string;
  action: 'minted' | 'burned';
  /** decimal string, negative for a burn */
  amount: string;
}

export interface AssetsAssetHistoryResult {
  assetSeen: boolean;
  history: AssetHistoryRow[];
}

/** One page of the asset's mints and burns in chain order. */
export async function assetsAssetHistory(
  db: PrismaClient,
  { policyId, assetName }: { policyId: string; assetName: string },
  { limit, offset, order }: PageParams,
): Promise<AssetsAssetHistoryResult> {
  const rows = await queryRows<AssetHistoryRow & { asset_seen: boolean }>(db, SQL[order], [
    hexBytes(policyId),
    hexBytes(assetName),
    limit,
    offset,
  ]);
  const { probe, page } = probedPage(rows, 'tx_hash');
  return {
    assetSeen: probe.asset_seen,
    history: page.map(({ tx_hash, action, amount }) => ({ tx_hash, action, amount })),
  };
}
