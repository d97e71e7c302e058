import { Controller, Get, Param, Query } from '@nestjs/common';
import type {
  Pool,
  PoolExtended,
  PoolMetadata,
  PoolRelays,
  PoolRetirement,
  PoolUpdates,
} from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { PoolsService } from './pools.service.js';

// The fixed paths (extended, retired, retiring) come before those with a {pool_id}.
@Controller(servedAt('pools'))
export class PoolsController {
  constructor(private readonly pools: PoolsService) {}

  @Get()
  list(@Query() query: PaginationQuery): Promise<string[]> {
    return this.pools.list(query);
  }

  @Get('extended')
  extended(@Query() query: PaginationQuery): Promise<PoolExtended[]> {
    return this.pools.extended(query);
  }

  @Get('retired')
  retired(@Query() query: PaginationQuery): Promise<PoolRetirement[]> {
    return this.pools.retired(query);
  }

  @Get('retiring')
  retiring(@Query() query: PaginationQuery): Promise<PoolRetirement[]> {
    return this.pools.retiring(query);
  }

  @Get(':pool_id')
  pool(@Param('pool_id') poolId: string): Promise<Pool> {
    return this.pools.pool(poolId);
  }

  @Get(':pool_id/metadata')
  metadata(@Param('pool_id') poolId: string): Promise<PoolMetadata> {
    return this.pools.metadata(poolId);
  }

  @Get(':pool_id/relays')
  relays(@Param('pool_id') poolId: string): Promise<PoolRelays> {
    return this.pools.relays(poolId);
  }

  @Get(':pool_id/updates')
  updates(@Param('pool_id') poolId: string, @Query() query: PaginationQuery): Promise<PoolUpdates> {
    return this.pools.updates(poolId, query);
  }

  @Get(':pool_id/blocks')
  blocks(@Param('pool_id') poolId: string, @Query() query: PaginationQuery): Promise<string[]> {
    return this.pools.blocks(poolId, query);
  }
}
