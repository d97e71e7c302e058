import { Inject, Injectable } from '@nestjs/common';
import { accountsStakeAddress, type PrismaClient } from '@frostline/db';
import { BlockfrostError, parseStakeAddressParam } from '@frostline/model';
import type { ApiConfig } from '../config.js';
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
}
