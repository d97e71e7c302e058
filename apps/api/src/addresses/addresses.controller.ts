import { Controller, Get, Param, Query } from '@nestjs/common';
import type { AddressUtxo } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { AddressesService } from './addresses.service.js';

@Controller(servedAt('addresses'))
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Get(':address/utxos')
  utxos(@Param('address') address: string, @Query() query: PaginationQuery): Promise<AddressUtxo[]> {
    return this.addresses.utxos(address, query);
  }

  @Get(':address/utxos/:asset')
  utxosOfAsset(
    @Param('address') address: string,
    @Param('asset') asset: string,
    @Query() query: PaginationQuery,
  ): Promise<AddressUtxo[]> {
    return this.addresses.utxosOfAsset(address, asset, query);
  }
}
