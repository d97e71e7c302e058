import { Inject, Injectable } from '@nestjs/common';
import {
  accountsStakeAddress,
  accountsStakeAddressAddressesAssets,
  accountsStakeAddressAddressesTotal,
  accountsStakeAddressTransactions,
  type AccountTransactionRow,
  type PrismaClient,
  type UnitQuantity,
} from '@frostline/db';
import { BlockfrostError, parseStakeAddressParam } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { checkBlockRange, parseBlockRange, type BlockRangeQuery } from '../common/block-range.js';
import { toTotals, type TotalsResponse } from '../common/history-totals.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toAccount, type AccountResponse } from './accounts.mapper.js';

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
