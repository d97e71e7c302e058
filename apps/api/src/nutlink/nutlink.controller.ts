import { Controller, Get, Param, Query } from '@nestjs/common';
import type { NutlinkTicker } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { NutlinkService } from './nutlink.service.js';

@Controller(servedAt('nutlink'))
export class NutlinkController {
  constructor(private readonly nutlink: NutlinkService) {}

  @Get(':address/tickers')
  tickers(@Param('address') address: string, @Query() query: PaginationQuery): Promise<NutlinkTicker[]> {
    return this.nutlink.tickers(address, query);
  }
}
