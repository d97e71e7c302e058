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

/** How often the calls counted in memory are added to Redis' counts. */
const FLUSH_INTERVAL_MS = 1_000;

/**
 * Calls per project, per UTC day and per endpoint, kept in Redis so they survive restarts and are shared
 * by every API instance: one hash per project and day (endpoint → calls), expiring a day after it
 * leaves the 30-day window. Its fields are bounded by the routes served.
 *
 * A call is counted in memory and the counts are added to Redis once a second, in one round trip for
 * all of them: a round trip per call made counting one of the largest costs of the cheapest routes, in
 * the API's CPU time and in Redis'. A read adds this instance's pending counts first, so it sees every call answered before it.
 */
export class UsageCounts {
  /** Calls not yet added to Redis, by hash key: the UTC day they were answered in, and endpoint → calls. */
  private pending = new Map<string, { day: number; calls: Map<string, number> }>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  private key(project: string, day: number): string {
    return `${this.keyPrefix}${project}:${day}`;
  }

  /** Counts one call, under the UTC day it was answered in. */
  record(project: string, routePattern: string): void {
    const day = dayStart(this.now());
    this.addPending(this.key(project, day), day, endpointName(routePattern), 1);
  }

  /**
   * Adds the pending counts to Redis, one flush at a time. Counts Redis did not take stay pending for the
   * next flush: a Redis that does not answer delays the counts, never a request.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.send());
    return this.flushing;
  }

  /** Stops the periodic flush and adds what is pending, before the Redis connection closes. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private addPending(key: string, day: number, endpoint: string, calls: number): void {
    const hash = this.pending.get(key) ?? { day, calls: new Map<string, number>() };
    hash.calls.set(endpoint, (hash.calls.get(endpoint) ?? 0) + calls);
    this.pending.set(key, hash);
  }

  private async send(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const nowSeconds = Math.floor(this.now() / 1000);
    const pipeline = this.redis.pipeline();
    /** What each command of the pipeline adds, in its order; null for an EXPIRE. */
    const sent: ([key: string, day: number, endpoint: string, calls: number] | null)[] = [];
    for (const [key, { day, calls }] of batch) {
      for (const [endpoint, count] of calls) {
        pipeline.hincrby(key, endpoint, count);
        sent.push([key, day, endpoint, count]);
      }
      // Relative to the clock the day was taken from, not Redis' own.
      pipeline.expire(key, day + KEPT_SECONDS - nowSeconds);
      sent.push(null);
    }
    let replies: [Error | null, unknown][] = [];
    try {
      replies = (await pipeline.exec()) ?? [];
    } catch (error) {
      this.logger.debug({ err: error }, 'usage counts kept for the next flush');
    }
    sent.forEach((count, i) => {
      if (count !== null && (!replies[i] || replies[i][0])) this.addPending(...count);
    });
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
    await this.flush();
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
