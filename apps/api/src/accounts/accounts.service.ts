import { Inject, Injectable } from '@nestjs/common';
import {
  accountsStakeAddress,
  accountsStakeAddressAddresses,
  accountsStakeAddressAddressesAssets,
  accountsStakeAddressAddressesTotal,
  accountsStakeAddressDelegations,
  accountsStakeAddressMirs,
  accountsStakeAddressRegistrations,
  accountsStakeAddressTransactions,
  accountsStakeAddressUtxos,
  accountsStakeAddressWithdrawals,
  type AccountPage,
  type AccountPageParams,
  type AccountTransactionRow,
  type PrismaClient,
  type UnitQuantity,
} from '@frostline/db';
import {
  BlockfrostError,
  parseStakeAddressParam,
  type AccountAddresses,
  type AccountDelegations,
  type AccountMirs,
  type AccountRegistrations,
  type AccountUtxos,
  type AccountWithdrawals,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { toAddressUtxo } from '../addresses/addresses.mapper.js';
import { checkBlockRange, parseBlockRange, type BlockRangeQuery } from '../common/block-range.js';
import { toTotals, type TotalsResponse } from '../common/history-totals.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import {
  toAccount,
  toAccountAmounts,
  toAccountDelegations,
  toAccountRegistrations,
  type AccountResponse,
} from './accounts.mapper.js';

@Injectable()
export class AccountsService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** 400 for a malformed or other-network stake address, 404 if it was never seen on chain. */
  async byStakeAddress(stakeAddressParam: string): Promise<AccountResponse> {
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const row = await accountsStakeAddress(this.db, stakeAddress);
    if (!row) throw new BlockfrostError(404);
    return toAccount(row);
  }

  async delegations(stakeAddress: string, query: PaginationQuery): Promise<AccountDelegations> {
    return toAccountDelegations(await this.page(stakeAddress, query, accountsStakeAddressDelegations));
  }

  async registrations(stakeAddress: string, query: PaginationQuery): Promise<AccountRegistrations> {
    return toAccountRegistrations(await this.page(stakeAddress, query, accountsStakeAddressRegistrations));
  }

  async withdrawals(stakeAddress: string, query: PaginationQuery): Promise<AccountWithdrawals> {
    return toAccountAmounts(await this.page(stakeAddress, query, accountsStakeAddressWithdrawals));
  }

  async mirs(stakeAddress: string, query: PaginationQuery): Promise<AccountMirs> {
    return toAccountAmounts(await this.page(stakeAddress, query, accountsStakeAddressMirs));
  }

  async addresses(stakeAddress: string, query: PaginationQuery): Promise<AccountAddresses> {
    const rows = await this.page(stakeAddress, query, accountsStakeAddressAddresses);
    return rows.map(({ address }) => ({ address }));
  }

  async utxos(stakeAddress: string, query: PaginationQuery): Promise<AccountUtxos> {
    return (await this.page(stakeAddress, query, accountsStakeAddressUtxos)).map(toAddressUtxo);
  }

  /** Check order as RYO: pagination, stake address (400); then 404 for a stake address never seen. */
  private async page<T>(
    stakeAddressParam: string,
    query: PaginationQuery,
    read: (db: PrismaClient, params: AccountPageParams) => Promise<AccountPage<T>>,
  ): Promise<T[]> {
    const page = parsePage(query);
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const { accountSeen, rows } = await read(this.db, { stakeAddress, ...page });
    if (!accountSeen) throw new BlockfrostError(404);
    return rows;
  }

  /** Check order as RYO: pagination and from/to types, stake address, 404, from/to values. */
  async transactions(
    stakeAddressParam: string,
    query: PaginationQuery & BlockRangeQuery,
  ): Promise<AccountTransactionRow[]> {
    const page = parsePage(query);
    const range = parseBlockRange(query);
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const result = await accountsStakeAddressTransactions(this.db, stakeAddress, {
      ...page,
      range: range.range,
    });
    if (!result.seen) throw new BlockfrostError(404);
    checkBlockRange(range);
    return result.transactions;
  }

  /** Check order as RYO: stake address, 404. */
  async addressesTotal(stakeAddressParam: string): Promise<{ stake_address: string } & TotalsResponse> {
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const totals = await accountsStakeAddressAddressesTotal(this.db, stakeAddress);
    if (!totals) throw new BlockfrostError(404);
    return { stake_address: stakeAddress, ...toTotals(totals) };
  }

  /** Check order as RYO: pagination, stake address, 404. */
  async addressesAssets(stakeAddressParam: string, query: PaginationQuery): Promise<UnitQuantity[]> {
    const page = parsePage(query);
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const assets = await accountsStakeAddressAddressesAssets(this.db, stakeAddress, page);
    if (!assets) throw new BlockfrostError(404);
    return assets;
  }
}
