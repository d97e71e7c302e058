import { Controller, Get, Param, Query } from '@nestjs/common';
import type {
  NutlinkAddress,
  NutlinkOracleTickerRecord,
  NutlinkTicker,
  NutlinkTickerRecord,
} from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { NutlinkService } from './nutlink.service.js';

@Controller(servedAt('nutlink'))
export class NutlinkController {
  constructor(private readonly nutlink: NutlinkService) {}

  @Get('tickers/:ticker')
  everyOracleTicker(
    @Param('ticker') ticker: string,
    @Query() query: PaginationQuery,
  ): Promise<NutlinkOracleTickerRecord[]> {
    return this.nutlink.everyOracleTicker(ticker, query);
  }

  @Get(':address')
  oracle(@Param('address') address: string): Promise<NutlinkAddress> {
    return this.nutlink.oracle(address);
  }

  @Get(':address/tickers')
  tickers(@Param('address') address: string, @Query() query: PaginationQuery): Promise<NutlinkTicker[]> {
    return this.nutlink.tickers(address, query);
  }

  @Get(':address/tickers/:ticker')
  ticker(
    @Param('address') address: string,
    @Param('ticker') ticker: string,
    @Query() query: PaginationQuery,
  ): Promise<NutlinkTickerRecord[]> {
    return this.nutlink.ticker(address, ticker, query);
  }
}
