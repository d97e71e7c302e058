import { Controller, Get, Param, Query } from '@nestjs/common';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { RewardsService, type AccountReward, type PoolHistory } from './rewards.service.js';

// Beside the accounts and pools controllers, under the same path prefixes: these paths read the rewards the
// indexer derived at epoch boundaries.

@Controller(servedAt('accounts'))
export class AccountRewardsController {
  constructor(private readonly rewards: RewardsService) {}

  @Get(':stake_address/rewards')
  rewardsOf(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountReward[]> {
    return this.rewards.accountRewards(stakeAddress, query);
  }
}

@Controller(servedAt('pools'))
export class PoolHistoryController {
  constructor(private readonly rewards: RewardsService) {}

  @Get(':pool_id/history')
  history(@Param('pool_id') poolId: string, @Query() query: PaginationQuery): Promise<PoolHistory[]> {
    return this.rewards.poolHistory(poolId, query);
  }
}
