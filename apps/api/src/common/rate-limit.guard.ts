import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BlockfrostError } from '@frostline/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROJECT_TOKEN_HEADER } from './auth.guard.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { ProjectTokens } from './project-tokens.js';
import { RateLimiter } from './rate-limiter.js';

/**
 * Runs before authentication so that floods of bad tokens are limited too. Every request spends from
 * its IP's bucket; requests with a valid token also from their project's quota, when one is set. Headers
 * describe the IP's bucket (draft IETF names are not used by Blockfrost clients, so the common X-
 * names): X-RateLimit-Limit (burst size), X-RateLimit-Remaining (requests left now), X-RateLimit-Reset
 * (seconds until the bucket is full), and Retry-After on 429/418 (for a project's quota: until it has
 * room again).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly tokens: ProjectTokens,
    private readonly metrics: ApiMetrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const decision = await this.limiter.take(
      request.ip,
      this.tokens.projectOf(request.headers[PROJECT_TOKEN_HEADER]),
    );
    if (decision === null) return true;
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    reply.header('X-RateLimit-Reset', decision.resetSeconds);
    if (decision.outcome === 'allowed') return true;
    reply.header('Retry-After', decision.retryAfterSeconds);
    this.metrics.rateLimitRejections.inc({ outcome: decision.outcome });
    if (decision.bannedNow) this.metrics.rateLimitBans.inc();
    throw new BlockfrostError(decision.outcome === 'banned' ? 418 : 429);
  }
}
