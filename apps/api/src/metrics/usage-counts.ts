import type { EndpointUsageDay, UsageDay } from '@frostline/model';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { API_PREFIXES } from '../common/route-paths.js';

const DAY_SECONDS = 86_400;
/** Blockfrost's usage paths tell the last 30 UTC days, today included. */
export const USAGE_DAYS = 30;
/** A day's counts outlive the window by a day, so a day is never dropped while still shown. */
const KEPT_SECONDS = (USAGE_DAYS + 1) * DAY_SECONDS;

/** `/api/v0` and the root serve the same endpoints: both count under the root's name. */
const API_BASE = `/${API_PREFIXES.find((prefix) => prefix !== '')!.replace(/\/$/, '')}`;

/**
 * The endpoint a request counts under: its route pattern as @blockfrost/openapi writes the path
 * (`/addresses/{address}/utxos` for `/api/v0/addresses/:address/utxos`), never the URL, so made-up
 * paths or parameters cannot add names.
 */
export function endpointName(routePattern: string): string {
  const path =
    routePattern === API_BASE || routePattern.startsWith(`${API_BASE}/`)
      ? routePattern.slice(API_BASE.length) || '/'
      : routePattern;
  return path.replace(/:(\w+)/g, '{$1}');
}

/** Start of the UTC day holding `ms`, in UNIX seconds. */
const dayStart = (ms: number) => Math.floor(ms / 1000 / DAY_SECONDS) * DAY_SECONDS;

/**
 * Calls per project, per UTC day and per endpoint, kept in Redis so they survive restarts and are shared
 * by every API instance: one hash per project and day (endpoint → calls), expiring a day after it
 * leaves the 30-day window. Its fields are bounded by the routes served.
 */
export class UsageCounts {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private key(project: string, day: number): string {
    return `${this.keyPrefix}${project}:${day}`;
  }

  /** Counts one call; a Redis that does not answer loses the count rather than delaying anything. */
  async record(project: string, routePattern: string): Promise<void> {
    const now = this.now();
    const day = dayStart(now);
    const key = this.key(project, day);
    try {
      await this.redis
        .pipeline()
        .hincrby(key, endpointName(routePattern), 1)
        // Relative to the clock the day was taken from, not Redis' own.
        .expire(key, day + KEPT_SECONDS - Math.floor(now / 1000))
        .exec();
    } catch (error) {
      this.logger.debug({ err: error }, 'usage count lost');
    }
  }

  /** The project's calls on each of the last 30 days, oldest first, days without calls as 0. */
  async perDay(project: string): Promise<UsageDay[]> {
    return (await this.window(project)).map(({ time, counts }) => ({
      time,
      calls: Object.values(counts).reduce((sum, calls) => sum + calls, 0),
    }));
  }

  /** The project's calls of each endpoint it called on each of the last 30 days, by day then endpoint. */
  async perEndpoint(project: string): Promise<EndpointUsageDay[]> {
    return (await this.window(project)).flatMap(({ time, counts }) =>
      Object.keys(counts)
        .sort()
        .map((endpoint) => ({ time, calls: counts[endpoint]!, endpoint })),
    );
  }

  private async window(project: string): Promise<{ time: number; counts: Record<string, number> }[]> {
    const today = dayStart(this.now());
    const days = Array.from({ length: USAGE_DAYS }, (_, i) => today - (USAGE_DAYS - 1 - i) * DAY_SECONDS);
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(this.key(project, day));
    const replies = (await pipeline.exec()) ?? [];
    return days.map((time, i) => {
      const [error, hash] = replies[i] ?? [new Error('no reply')];
      if (error) throw error;
      const counts = Object.fromEntries(
        Object.entries(hash as Record<string, string>).map(([endpoint, calls]) => [endpoint, Number(calls)]),
      );
      return { time, counts };
    });
  }
}
