import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { PrismaClient } from '@frostline/db';
import type { HealthClock } from '@frostline/model';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { servedAt } from '../common/route-paths.js';
import { READ_DB } from '../common/tokens.js';

/**
 * Blockfrost's `{is_healthy}`; unhealthy (503) when the database the endpoints read cannot answer. And
 * `/health/clock`, the server's time in milliseconds, for clients checking their own clock.
 */
@Public()
@Controller(servedAt('health'))
export class HealthController {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ is_healthy: boolean }> {
    const isHealthy = await this.db.$queryRawUnsafe('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!isHealthy) reply.status(503);
    return { is_healthy: isHealthy };
  }

  @Get('clock')
  clock(): HealthClock {
    return { server_time: Date.now() };
  }
}
