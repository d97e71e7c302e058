import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { ApiMetrics } from './api-metrics.js';

/** Prometheus text format, at the root only (a scraper setting, not a Blockfrost endpoint). */
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(ApiMetrics) private readonly metrics: ApiMetrics) {}

  @Get()
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
