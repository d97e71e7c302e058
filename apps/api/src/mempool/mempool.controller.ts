import { Controller, Get, Param, Query } from '@nestjs/common';
import type { MempoolTx, MempoolTxHashes } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { MempoolService } from './mempool.service.js';

@Controller(servedAt('mempool'))
export class MempoolController {
  constructor(private readonly mempool: MempoolService) {}

  @Get()
  hashes(@Query() query: PaginationQuery): Promise<MempoolTxHashes> {
    return this.mempool.hashes(query);
  }

  @Get('addresses/:address')
  byAddress(@Param('address') address: string, @Query() query: PaginationQuery): Promise<MempoolTxHashes> {
    return this.mempool.byAddress(address, query);
  }

  @Get(':hash')
  transaction(@Param('hash') hash: string): Promise<MempoolTx> {
    return this.mempool.transaction(hash);
  }
}
