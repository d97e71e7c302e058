import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { Epoch } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { JSON_CONTENT_TYPE } from '../common/media-types.js';
import { EpochsService } from './epochs.service.js';

@Controller(servedAt('epochs'))
export class EpochsController {
  constructor(private readonly epochs: EpochsService) {}

  @Get('latest')
  latest(): Promise<Epoch> {
    return this.epochs.latest();
  }

  // The service answers with JSON text it keeps per stored row; the content type makes Fastify send
  // it as it is (a returned string is otherwise sent as text/plain).
  @Get('latest/parameters')
  @Header('content-type', JSON_CONTENT_TYPE)
  latestParameters(): Promise<string> {
    return this.epochs.parametersJson('latest');
  }

  @Get(':number/parameters')
  @Header('content-type', JSON_CONTENT_TYPE)
  parameters(@Param('number') number: string): Promise<string> {
    return this.epochs.parametersJson(number);
  }

  @Get(':number')
  byNumber(@Param('number') number: string): Promise<Epoch> {
    return this.epochs.byNumber(number);
  }

  @Get(':number/next')
  next(@Param('number') number: string, @Query() query: PaginationQuery): Promise<Epoch[]> {
    return this.epochs.next(number, query);
  }

  @Get(':number/previous')
  previous(@Param('number') number: string, @Query() query: PaginationQuery): Promise<Epoch[]> {
    return this.epochs.previous(number, query);
  }

  @Get(':number/blocks')
  blocks(@Param('number') number: string, @Query() query: PaginationQuery): Promise<string[]> {
    return this.epochs.blocks(number, query);
  }

  @Get(':number/blocks/:pool_id')
  poolBlocks(
    @Param('number') number: string,
    @Param('pool_id') poolId: string,
    @Query() query: PaginationQuery,
  ): Promise<string[]> {
    return this.epochs.poolBlocks(number, poolId, query);
  }
}
