import { Inject, Injectable } from '@nestjs/common';
import {
  accountsStakeAddressHistory,
  epochsNumberStakes,
  epochsNumberStakesPoolId,
  poolsPoolIdDelegators,
  type PoolDelegatorRow,
  type PrismaClient,
} from '@frostline/db';
import { BlockfrostError, parseStakeAddressParam, poolIdFromHash } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, parseUnorderedPage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { EpochsService } from '../epochs/epochs.service.js';
import { knownPool, namedPool } from '../pools/pools.service.js';

/** Blockfrost's epoch_stake_content item. */
export interface EpochStake {
  stake_address: string;
  pool_id: string;
  amount: string;
}

/** Blockfrost's account_history_content item. */
export interface AccountStakeHistory {
  active_epoch: number;
  amount: string;
  pool_id: string;
}

/**
 * The paths answered from the indexer's stake snapshots (docs/semantics.md#stake-snapshots) and the live
 * delegators. The lists validate their query string before the path, as Blockfrost's Fastify schema check
 * runs before RYO's handler does.
 */
@Injectable()
export class StakesService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly epochs: EpochsService,
  ) {}

  async epochStakes(numberParam: string, query: PaginationQuery): Promise<EpochStake[]> {
    const page = parseUnorderedPage(query);
    const epoch = await this.epochs.knownEpoch(numberParam);
    const rows = await epochsNumberStakes(this.db, { epoch, ...page });
    return rows.map((row) => ({
      stake_address: row.stake_address,
      pool_id: poolIdFromHash(row.pool_hash),
      amount: row.amount,
    }));
  }

  /** As RYO: the epoch is checked (400, then 404) before the pool (400, then 404). */
  async epochPoolStakes(
    numberParam: string,
    poolParam: string,
    query: PaginationQuery,
  ): Promise<Omit<EpochStake, 'pool_id'>[]> {
    const page = parseUnorderedPage(query);
    const epoch = await this.epochs.knownEpoch(numberParam);
    const pool = await knownPool(this.db, poolParam);
    return epochsNumberStakesPoolId(this.db, { epoch, poolHash: pool.hash, ...page });
  }

  async poolDelegators(poolParam: string, query: PaginationQuery): Promise<PoolDelegatorRow[]> {
    const page = parsePage(query);
    const delegators = await poolsPoolIdDelegators(this.db, namedPool(poolParam), page);
    if (delegators === null) throw new BlockfrostError(404);
    return delegators;
  }

  /** Check order as RYO: pagination, stake address (400); then 404 for a stake address never seen. */
  async accountHistory(stakeAddressParam: string, query: PaginationQuery): Promise<AccountStakeHistory[]> {
    const page = parsePage(query);
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const { accountSeen, rows } = await accountsStakeAddressHistory(this.db, { stakeAddress, ...page });
    if (!accountSeen) throw new BlockfrostError(404);
    return rows.map((row) => ({
      active_epoch: row.active_epoch,
      amount: row.amount,
      pool_id: poolIdFromHash(row.pool_hash),
    }));
  }
}
