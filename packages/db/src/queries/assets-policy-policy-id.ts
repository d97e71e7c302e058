import type { PrismaClient } from '../client.js';
import type { AssetQuantityRow } from './assets.js';
import { hexBytes, probedPage, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('assets_policy_policy_id'));

export interface AssetsPolicyResult {
  /** Some asset of the policy was minted. */
  policyMinted: boolean;
  assets: AssetQuantityRow[];
}

/** One page of a policy's minted assets with their minted quantities, in the order of their first mints. */
export async function assetsPolicyPolicyId(
  db: PrismaClient,
  policyId: string,
  { limit, offset, order }: PageParams,
): Promise<AssetsPolicyResult> {
  const rows = await queryRows<AssetQuantityRow & { policy_minted: boolean }>(db, SQL[order], [
    hexBytes(policyId),
    limit,
    offset,
  ]);
  const { probe, page } = probedPage(rows, 'asset');
  return {
    policyMinted: probe.policy_minted,
    assets: page.map(({ asset, quantity }) => ({ asset, quantity })),
  };
}
