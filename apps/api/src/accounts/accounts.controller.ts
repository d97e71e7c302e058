import { Controller, Get, Param, Query } from '@nestjs/common';
import type { AccountTransactionRow, UnitQuantity } from '@frostline/db';
import type {
  AccountAddresses,
  AccountDelegations,
  AccountMirs,
  AccountRegistrations,
  AccountUtxos,
  AccountWithdrawals,
} from '@frostline/model';
import type { BlockRangeQuery } from '../common/block-range.js';
import type { TotalsResponse } from '../common/history-totals.js';
import type { PaginationQuery } from '../common/pagination.js';
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

  @Get(':stake_address/delegations')
  delegations(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountDelegations> {
    return this.accounts.delegations(stakeAddress, query);
  }

  @Get(':stake_address/registrations')
  registrations(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountRegistrations> {
    return this.accounts.registrations(stakeAddress, query);
  }

  @Get(':stake_address/withdrawals')
  withdrawals(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountWithdrawals> {
    return this.accounts.withdrawals(stakeAddress, query);
  }

  @Get(':stake_address/mirs')
  mirs(@Param('stake_address') stakeAddress: string, @Query() query: PaginationQuery): Promise<AccountMirs> {
    return this.accounts.mirs(stakeAddress, query);
  }

  @Get(':stake_address/addresses')
  addresses(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountAddresses> {
    return this.accounts.addresses(stakeAddress, query);
  }

  @Get(':stake_address/utxos')
  utxos(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<AccountUtxos> {
    return this.accounts.utxos(stakeAddress, query);
  }

  @Get(':stake_address/transactions')
  transactions(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery & BlockRangeQuery,
  ): Promise<AccountTransactionRow[]> {
    return this.accounts.transactions(stakeAddress, query);
  }

  @Get(':stake_address/addresses/total')
  addressesTotal(
    @Param('stake_address') stakeAddress: string,
  ): Promise<{ stake_address: string } & TotalsResponse> {
    return this.accounts.addressesTotal(stakeAddress);
  }

  @Get(':stake_address/addresses/assets')
  addressesAssets(
    @Param('stake_address') stakeAddress: string,
    @Query() query: PaginationQuery,
  ): Promise<UnitQuantity[]> {
    return this.accounts.addressesAssets(stakeAddress, query);
  }
}
