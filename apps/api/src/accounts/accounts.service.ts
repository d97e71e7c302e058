import { Inject, Injectable } from '@nestjs/common';
import {
  accountsStakeAddress,
  accountsStakeAddressAddresses,
  accountsStakeAddressDelegations,
  accountsStakeAddressMirs,
  accountsStakeAddressRegistrations,
  accountsStakeAddressUtxos,
  accountsStakeAddressWithdrawals,
  type AccountPage,
  type AccountPageParams,
  type PrismaClient,
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
}
