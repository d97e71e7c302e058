import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { AddressContent, AddressContentExtended } from '@frostline/model';
import type { HistoryTransactionRow } from '@frostline/db';
import type { BlockRangeQuery } from '../common/block-range.js';
import type { TotalsResponse } from '../common/history-totals.js';
import { JSON_CONTENT_TYPE } from '../common/media-types.js';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { AddressesService } from './addresses.service.js';

@Controller(servedAt('addresses'))
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Get(':address')
  address(@Param('address') address: string): Promise<AddressContent> {
    return this.addresses.address(address);
  }

  @Get(':address/extended')
  extended(@Param('address') address: string): Promise<AddressContentExtended> {
    return this.addresses.extended(address);
  }

  // The service answers with the page's JSON text (kept so in its caches); the content type makes Fastify
  // send it as it is.
  @Get(':address/utxos')
  @Header('content-type', JSON_CONTENT_TYPE)
  utxos(@Param('address') address: string, @Query() query: PaginationQuery): Promise<string> {
    return this.addresses.utxos(address, query);
  }

  @Get(':address/utxos/:asset')
  @Header('content-type', JSON_CONTENT_TYPE)
  utxosOfAsset(
    @Param('address') address: string,
    @Param('asset') asset: string,
    @Query() query: PaginationQuery,
  ): Promise<string> {
    return this.addresses.utxosOfAsset(address, asset, query);
  }

  @Get(':address/transactions')
  transactions(
    @Param('address') address: string,
    @Query() query: PaginationQuery & BlockRangeQuery,
  ): Promise<HistoryTransactionRow[]> {
    return this.addresses.transactions(address, query);
  }

  @Get(':address/txs')
  txs(@Param('address') address: string, @Query() query: PaginationQuery): Promise<string[]> {
    return this.addresses.txs(address, query);
  }

  @Get(':address/total')
  total(@Param('address') address: string): Promise<{ address: string } & TotalsResponse> {
    return this.addresses.total(address);
  }
}
