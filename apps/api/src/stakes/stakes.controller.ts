import { Controller, Get, Param, Query } from '@nestjs/common';
import type { PoolDelegatorRow } from '@frostline/db';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { StakesService, type AccountStakeHistory, type EpochStake } from './stakes.service.js';

// Beside the epochs, pools and accounts controllers, under the same path prefixes: these paths read the
// stake snapshots and the live delegations.

@Controller(servedAt('epochs'))
export class EpochStakesController {
  constructor(private readonly stakes: StakesService) {}

  @Get(':number/stakes')
  distribution(@Param('number') number: string, @Query() query: PaginationQuery): Promise<EpochStake[]> {
    return this.stakes.epochStakes(number, query);
  }

  @Get(':number/stakes/:pool_id')
  poolStakes(
    @Param('number') number: string,
    @Param('pool_id') poolId: string,
    @Query() query: PaginationQuery,
  ): Promise<Omit<EpochStake, 'pool_id'>[]> {
    return this.stakes.epochPoolStakes(number, poolId, query);
  }
}

@Controller(servedAt('pools'))
export class PoolDelegatorsController {
  constructor(private readonly stakes: StakesService) {}

  @Get(':pool_id/delegators')
  delegators(@Param('pool_id') poolId: string, @Query() query: PaginationQuery): Promise<PoolDelegatorRow[]> {
    return this.stakes.poolDelegators(poolId, query);
  }
}

@Controller(servedAt('accounts'))
export class AccountStakesController {
  constructor(private readonly stakes: StakesService) {}

  @Get(':stake_address/history')
  history(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountStakeHistory[]> {
    return this.stakes.accountHistory(stakeAddress, query);
  }
}
