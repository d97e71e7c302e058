import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { PrismaClient } from '@frostline/db';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '../config.js';
import { Public } from '../common/public.decorator.js';
import { API_CONFIG, READ_DB, REDIS } from '../common/tokens.js';

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  redis: 'up' | 'down';
  /** Slots between the node's tip (as the indexer last saw it) and the newest indexed block; null if unknown. */
  lagSlots: number | null;
  /** How far the read replica (DATABASE_READ_URL) is behind its primary; null when reading a primary. */
  replication: ReplicationLag | null;
}

export interface ReplicationLag {
  /** Age of the last transaction the replica replayed; 0 when it has replayed all the WAL it received. */
  lagSeconds: number;
  /** WAL the replica has received from the primary but not replayed yet. */
  unreplayedBytes: number;
}

/**
 * Readiness for load balancers and orchestrators (liveness is /health): 503 unless the database and
 * Redis answer, the indexed data is at most API_READY_MAX_LAG_SLOTS behind the node (a stalled
 * indexer), and a read replica's answers are at most API_READY_MAX_REPLICATION_LAG_SECONDS old. The
 * replica needs its own condition: the slot lag is read from the replica too, where the indexer's
 * status is as old as the blocks, so a replica that stopped replaying still looks current by slots.
 */
@Public()
@Controller('ready')
export class ReadyController {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const [lag, replication, redisUp] = await Promise.all([
      this.lagSlots(),
      this.replicationLag(),
      this.redis.ping().then(
        () => true,
        () => false,
      ),
    ]);
    const lagSlots = lag === 'down' ? null : lag;
    const replicaCurrent =
      replication === null || replication.lagSeconds <= this.config.readyMaxReplicationLagSeconds;
    const ready =
      lag !== 'down' &&
      lagSlots !== null &&
      lagSlots <= this.config.readyMaxLagSlots &&
      replicaCurrent &&
      redisUp;
    if (!ready) reply.status(503);
    return {
      ready,
      database: lag === 'down' ? 'down' : 'up',
      redis: redisUp ? 'up' : 'down',
      lagSlots,
      replication,
    };
  }

  /** 'down' when the database does not answer; null before the indexer has seen the node's tip or a block. */
  private async lagSlots(): Promise<number | null | 'down'> {
    try {
      const [row] = await this.db.$queryRawUnsafe<{ lag: number | null }[]>(
        `SELECT ((SELECT node_tip_slot FROM indexer_status WHERE id = 1)
                 - (SELECT max(slot) FROM block WHERE era <> 'genesis'))::float8 AS lag`,
      );
      return row?.lag ?? null;
    } catch {
      return 'down';
    }
  }

  /**
   * Measured on the replica itself, which knows what it received and replayed (WAL the primary has not
   * sent yet is not counted). Replay timestamps are the primary's commit times, so when the replica is
   * behind, now() minus the last one is how old its answers are.
   */
  private async replicationLag(): Promise<ReplicationLag | null> {
    try {
      const [row] = await this.db.$queryRawUnsafe<(ReplicationLag & { standby: boolean })[]>(
        `SELECT pg_is_in_recovery() AS standby,
                CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                     ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
                END::float8 AS "lagSeconds",
                coalesce(pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn()), 0)::float8
                  AS "unreplayedBytes"`,
      );
      return row?.standby ? { lagSeconds: row.lagSeconds, unreplayedBytes: row.unreplayedBytes } : null;
    } catch {
      return null;
    }
  }
}
