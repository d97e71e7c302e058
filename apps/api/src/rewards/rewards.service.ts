import { Inject, Injectable } from '@nestjs/common';
import {
  accountsStakeAddressRewards,
  poolsPoolIdHistory,
  poolsPoolIdRegistrations,
  type PoolHistoryRow,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseStakeAddressParam,
  poolIdFromHash,
  poolParamsActiveIn,
  type PoolRegistration,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { knownPool } from '../pools/pools.service.js';
import { poolRegistration } from '../pools/pools.mapper.js';

/** Blockfrost's account_reward_content item. */
export interface AccountReward {
  epoch: number;
  amount: string;
  pool_id: string;
  type: 'leader' | 'member' | 'pool_deposit_refund';
}

/** Blockfrost's pool_history item. */
export type PoolHistory = PoolHistoryRow & { fees: string };

/**
 * The operator's part of a pool's rewards, as RYO computes it from db-sync's pool_update: all of them below the
 * fixed cost, else the cost and the margin of the rest, in double precision as PostgreSQL multiplies by db-sync's
 * double margin; none without parameters.
 */
export function operatorFees(
  rewards: bigint,
  params: Pick<PoolRegistration, 'cost' | 'margin'> | null,
): string {
  if (params === null) return '0';
  if (rewards < params.cost) return rewards.toString();
  const cost = Number(params.cost);
  return Math.floor(cost + (Number(rewards) - cost) * params.margin).toString();
}

/**
 * The paths answered from the indexer's reward rows (docs/semantics.md#rewards). The lists validate their query
 * string before the path, as Blockfrost's Fastify schema check runs before RYO's handler does.
 */
@Injectable()
export class RewardsService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Check order as RYO: pagination, stake address (400); then 404 for a stake address never seen. */
  async accountRewards(stakeAddressParam: string, query: PaginationQuery): Promise<AccountReward[]> {
    const page = parsePage(query);
    const stakeAddress = parseStakeAddressParam(stakeAddressParam, this.config.network);
    const { accountSeen, rows } = await accountsStakeAddressRewards(this.db, { stakeAddress, ...page });
    if (!accountSeen) throw new BlockfrostError(404);
    return rows.map((row) => ({
      epoch: row.epoch,
      amount: row.amount,
      pool_id: poolIdFromHash(row.pool_hash),
      type: row.type,
    }));
  }

  async poolHistory(poolParam: string, query: PaginationQuery): Promise<PoolHistory[]> {
    const page = parsePage(query);
    const pool = await knownPool(this.db, poolParam);
    const [rows, registrations] = await Promise.all([
      poolsPoolIdHistory(this.db, pool, page),
      poolsPoolIdRegistrations(this.db, pool.hash),
    ]);
    const decoded = registrations.map((row) => ({ registration: poolRegistration(row), epoch: row.epoch }));
    return rows.map((row) => ({
      ...row,
      fees: operatorFees(BigInt(row.rewards), poolParamsActiveIn(decoded, row.epoch)),
    }));
  }
}
