import { Controller, Get, Param } from '@nestjs/common';
import { servedAt } from '../common/route-paths.js';
import { AccountsService } from './accounts.service.js';
import type { AccountResponse } from './accounts.mapper.js';

@Controller(servedAt('accounts'))
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get(':stake_address')
  byStakeAddress(@Param('stake_address') stakeAddress: string): Promise<AccountResponse> {
    return this.accounts.byStakeAddress(stakeAddress);
  }
}
