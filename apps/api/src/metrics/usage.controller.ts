import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { EndpointUsageDay, UsageDay } from '@frostline/model';
import type { FastifyRequest } from 'fastify';
import { servedAt } from '../common/route-paths.js';
import { UsageCounts } from './usage-counts.js';

/**
 * Blockfrost's usage paths: the calling project's calls over the last 30 days (the AuthGuard has
 * identified the project). The operator's Prometheus metrics are on the metrics server instead.
 */
@Controller(servedAt('metrics'))
export class UsageController {
  constructor(@Inject(UsageCounts) private readonly usage: UsageCounts) {}

  @Get()
  perDay(@Req() request: FastifyRequest): Promise<UsageDay[]> {
    return this.usage.perDay(request.projectId!);
  }

  @Get('endpoints')
  perEndpoint(@Req() request: FastifyRequest): Promise<EndpointUsageDay[]> {
    return this.usage.perEndpoint(request.projectId!);
  }
}
