import { Inject, Injectable } from '@nestjs/common';
import {
  assetsAssetAddresses,
  assetsAssetTransactions,
  type HistoryTransactionRow,
  type PrismaClient,
} from '@frostline/db';
import { BlockfrostError, parseAssetParam, type Asset, type AssetAddress } from '@frostline/model';
import { canNameAnAsset, readAsset } from '../common/asset-lookup.js';
import { checkBlockRange, parseBlockRange, type BlockRangeQuery } from '../common/block-range.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { toAsset } from './assets.mapper.js';

@Injectable()
export class AssetsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

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
    const { unit, policyId, assetName } = parseAssetParam(assetParam);
    if (!canNameAnAsset(unit)) throw new BlockfrostError(404);
    const result = await assetsAssetAddresses(this.db, { policyId, assetName, ...page });
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
}
