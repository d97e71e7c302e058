import { Inject, Injectable } from '@nestjs/common';
import {
  assets,
  assetsAssetAddresses,
  assetsAssetHistory,
  assetsAssetTransactions,
  assetsAssetUtxos,
  assetsPolicyPolicyId,
  type HistoryTransactionRow,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseAssetParam,
  parsePolicyParam,
  type Asset,
  type AssetAddress,
  type AssetHistoryItem,
  type AssetListItem,
  type AssetPolicyItem,
  type AssetUnit,
  type AssetUtxo,
} from '@frostline/model';
import { canNameAnAsset, readAsset } from '../common/asset-lookup.js';
import { checkBlockRange, parseBlockRange, type BlockRangeQuery } from '../common/block-range.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { toAsset, toAssetUtxo } from './assets.mapper.js';

@Injectable()
export class AssetsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** Every minted asset with its minted quantity, in the order of first mints. */
  list(query: PaginationQuery): Promise<AssetListItem[]> {
    return assets(this.db, parsePage(query));
  }

  /** 400 unless hex of 56-120 characters; 404 if the asset was never minted. */
  async byUnit(assetParam: string): Promise<Asset> {
    const asset = parseAssetParam(assetParam);
    if (!canNameAnAsset(asset.unit)) throw new BlockfrostError(404);
    const row = await readAsset(this.db, asset);
    if (!row) throw new BlockfrostError(404);
    return toAsset(row);
  }

  /** Check order as RYO: pagination, asset (400); 404 if the asset was never seen. */
  async addresses(assetParam: string, query: PaginationQuery): Promise<AssetAddress[]> {
    const page = parsePage(query);
    const asset = lookedUpAsset(assetParam);
    const result = await assetsAssetAddresses(this.db, { ...asset, ...page });
    if (!result.assetSeen) throw new BlockfrostError(404);
    return result.addresses;
  }

  /**
   * Check order as RYO: pagination and from/to types, asset (400), from/to values; 404 if the asset was never
   * seen. RYO checks from/to but leaves them out of its query; we filter by them, as the schema describes.
   */
  async transactions(
    assetParam: string,
    query: PaginationQuery & BlockRangeQuery,
  ): Promise<HistoryTransactionRow[]> {
    const page = parsePage(query);
    const range = parseBlockRange(query);
    const { unit, policyId, assetName } = parseAssetParam(assetParam);
    checkBlockRange(range);
    if (!canNameAnAsset(unit)) throw new BlockfrostError(404);
    const result = await assetsAssetTransactions(
      this.db,
      { policyId, assetName },
      { ...page, range: range.range },
    );
    if (!result.seen) throw new BlockfrostError(404);
    return result.transactions;
  }

  /** The deprecated list of the same transactions' hashes, without from/to. */
  async txs(assetParam: string, query: PaginationQuery): Promise<string[]> {
    const transactions = await this.transactions(assetParam, {
      count: query.count,
      page: query.page,
      order: query.order,
    });
    return transactions.map((tx) => tx.tx_hash);
  }

  /** Check order as RYO: pagination, asset (400); 404 if the asset was never seen. */
  async history(assetParam: string, query: PaginationQuery): Promise<AssetHistoryItem[]> {
    const page = parsePage(query);
    const result = await assetsAssetHistory(this.db, lookedUpAsset(assetParam), page);
    if (!result.assetSeen) throw new BlockfrostError(404);
    return result.history;
  }

  /** Check order: pagination, from/to, asset (400); 404 if the asset was never seen. */
  async utxos(assetParam: string, query: PaginationQuery & BlockRangeQuery): Promise<AssetUtxo[]> {
    const page = parsePage(query);
    const range = parseBlockRange(query);
    checkBlockRange(range);
    const result = await assetsAssetUtxos(this.db, lookedUpAsset(assetParam), range.range, page);
    if (!result.assetSeen) throw new BlockfrostError(404);
    return result.utxos.map(toAssetUtxo);
  }

  /** Check order as RYO: pagination, policy (400); 404 if no asset of the policy was ever minted. */
  async policy(policyParam: string, query: PaginationQuery): Promise<AssetPolicyItem[]> {
    const page = parsePage(query);
    const policyId = parsePolicyParam(policyParam);
    // Blockfrost matches the policy as lower-case hex text, so upper case finds nothing.
    if (!canNameAnAsset(policyId)) throw new BlockfrostError(404);
    const result = await assetsPolicyPolicyId(this.db, policyId, page);
    if (!result.policyMinted) throw new BlockfrostError(404);
    return result.assets;
  }
}

/** The `{asset}` to look up: 400 if malformed, 404 if it can never name a stored asset. */
function lookedUpAsset(assetParam: string): AssetUnit {
  const asset = parseAssetParam(assetParam);
  if (!canNameAnAsset(asset.unit)) throw new BlockfrostError(404);
  return asset;
}
