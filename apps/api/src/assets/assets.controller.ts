import { Controller, Get, Param, Query } from '@nestjs/common';
import type { HistoryTransactionRow } from '@frostline/db';
import type {
  Asset,
  AssetAddress,
  AssetHistoryItem,
  AssetListItem,
  AssetPolicyItem,
  AssetUtxo,
} from '@frostline/model';
import type { BlockRangeQuery } from '../common/block-range.js';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { AssetsService } from './assets.service.js';

@Controller(servedAt('assets'))
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Get()
  list(@Query() query: PaginationQuery): Promise<AssetListItem[]> {
    return this.assets.list(query);
  }

  @Get('policy/:policy_id')
  policy(@Param('policy_id') policyId: string, @Query() query: PaginationQuery): Promise<AssetPolicyItem[]> {
    return this.assets.policy(policyId, query);
  }

  @Get(':asset/addresses')
  addresses(@Param('asset') asset: string, @Query() query: PaginationQuery): Promise<AssetAddress[]> {
    return this.assets.addresses(asset, query);
  }

  @Get(':asset/transactions')
  transactions(
    @Param('asset') asset: string,
    @Query() query: PaginationQuery & BlockRangeQuery,
  ): Promise<HistoryTransactionRow[]> {
    return this.assets.transactions(asset, query);
  }

  @Get(':asset/txs')
  txs(@Param('asset') asset: string, @Query() query: PaginationQuery): Promise<string[]> {
    return this.assets.txs(asset, query);
  }

  @Get(':asset/history')
  history(@Param('asset') asset: string, @Query() query: PaginationQuery): Promise<AssetHistoryItem[]> {
    return this.assets.history(asset, query);
  }

  @Get(':asset/utxos')
  utxos(
    @Param('asset') asset: string,
    @Query() query: PaginationQuery & BlockRangeQuery,
  ): Promise<AssetUtxo[]> {
    return this.assets.utxos(asset, query);
  }

  @Get(':asset')
  byUnit(@Param('asset') asset: string): Promise<Asset> {
    return this.assets.byUnit(asset);
  }
}
