import { Controller, Get, Param, Query } from '@nestjs/common';
import type { HistoryTransactionRow } from '@frostline/db';
import type { Asset, AssetAddress } from '@frostline/model';
import type { BlockRangeQuery } from '../common/block-range.js';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { AssetsService } from './assets.service.js';

@Controller(servedAt('assets'))
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

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

  @Get(':asset')
  byUnit(@Param('asset') asset: string): Promise<Asset> {
    return this.assets.byUnit(asset);
  }
}
