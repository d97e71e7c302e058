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
}

/**
 * Readiness for load balancers and orchestrators (liveness is /health): 503 unless the database and
 * Redis answer and the indexed data is at most API_READY_MAX_LAG_SLOTS behind the node, so a replica
 * reading a stale replica database or a stalled indexer is taken out of rotation. Same body as the
 * indexer's /ready.
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
    const [lag, redisUp] = await Promise.all([
      this.lagSlots(),
      this.redis.ping().then(
        () => true,
        () => false,
      ),
    ]);
    const lagSlots = lag === 'down' ? null : lag;
    const ready = lag !== 'down' && lagSlots !== null && lagSlots <= this.config.readyMaxLagSlots && redisUp;
    if (!ready) reply.status(503);
    return { ready, database: lag === 'down' ? 'down' : 'up', redis: redisUp ? 'up' : 'down', lagSlots };
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
}
