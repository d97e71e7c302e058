import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RateLimitConfig } from '../config.js';

// Token buckets in Redis so every replica enforces one limit. One script call per request checks the
// ban, refills and takes one token from each bucket (the client IP's and, for a valid token, the
// project's), and counts rejections towards a ban — atomically, so concurrent requests on different
// replicas can never spend the same token. Time is Redis' clock, not the replicas'.
//
// Ban policy: every 429 counts against the client IP; requests let through in between do not reset
// the count (a client flooding just above the limit gets most requests through, yet keeps hammering).
// The count only lapses after a whole ban window without a 429, so a flood at any rate above the limit
// that keeps at least one 429 per window is banned once it has collected `ban after` of them.
//
// KEYS: 1 IP ban, 2 IP rejection counter, 3.. buckets (hash {tokens, at_ms})
// ARGV: 1 tokens per second, 2 burst, 3 ban after N rejections, 4 ban ms, 5 ban window ms
// Returns {outcome, remaining, ms until full, ms until retry, 1 if this rejection banned the IP};
// outcome 0 allowed, 1 over limit, 2 banned.
const SCRIPT = `
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local ban_after, ban_ms, window_ms = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local banned_ms = redis.call('PTTL', KEYS[1])
if banned_ms > 0 then return {2, 0, 0, banned_ms, 0} end
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local idle_ms = math.ceil(burst / rate * 1000)
local levels, allowed = {}, true
for i = 3, #KEYS do
  local state = redis.call('HMGET', KEYS[i], 'tokens', 'at_ms')
  local tokens, at = tonumber(state[1]), tonumber(state[2])
  if tokens == nil then tokens, at = burst, now end
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
  levels[i] = tokens
  if tokens < 1 then allowed = false end
end
local lowest = burst
for i = 3, #KEYS do
  local tokens = levels[i]
  if allowed then tokens = tokens - 1 end
  redis.call('HSET', KEYS[i], 'tokens', tostring(tokens), 'at_ms', now)
  redis.call('PEXPIRE', KEYS[i], idle_ms)
  lowest = math.min(lowest, tokens)
end
local until_full = math.ceil((burst - lowest) / rate * 1000)
if allowed then return {0, math.floor(lowest), until_full, 0, 0} end
local rejections = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], window_ms)
local banned_now = 0
if rejections >= ban_after then
  redis.call('SET', KEYS[1], 1, 'PX', ban_ms)
  redis.call('DEL', KEYS[2])
  banned_now = 1
end
return {1, 0, until_full, math.ceil((1 - lowest) / rate * 1000), banned_now}
`;

export type RateLimitOutcome = 'allowed' | 'over-limit' | 'banned';

export interface RateLimitDecision {
  outcome: RateLimitOutcome;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until a request can succeed (0 when allowed). */
  retryAfterSeconds: number;
  /** This rejection was the one that banned the client IP. */
  bannedNow: boolean;
}

const OUTCOMES: RateLimitOutcome[] = ['allowed', 'over-limit', 'banned'];
/** How often a Redis outage is logged while requests keep being let through. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

type RateLimitRedis = Redis & {
  takeRateLimitToken(...keysAndArgs: (string | number)[]): Promise<[number, number, number, number, number]>;
};

export class RateLimiter {
  private readonly redis: RateLimitRedis;
  private lastOutageLog = 0;

  constructor(
    redis: Redis,
    private readonly config: RateLimitConfig,
    private readonly logger: Logger,
  ) {
    redis.defineCommand('takeRateLimitToken', { lua: SCRIPT });
    this.redis = redis as RateLimitRedis;
  }

  /**
   * Takes one request from the client IP's bucket and, when known, the project's. Fails open: if
   * Redis is unreachable the request is allowed (with a warning at most every 10 s), because refusing
   * all traffic would turn a cache outage into an API outage.
   */
  async take(ip: string, projectId: string | null): Promise<RateLimitDecision | null> {
    const prefix = this.config.redisKeyPrefix;
    const buckets = [`${prefix}ip:${ip}`, ...(projectId ? [`${prefix}project:${projectId}`] : [])];
    try {
      const [outcome, remaining, msUntilFull, msUntilRetry, bannedNow] = await this.redis.takeRateLimitToken(
        2 + buckets.length,
        `${prefix}ban:${ip}`,
        `${prefix}rejections:${ip}`,
        ...buckets,
        this.config.perSecond,
        this.config.burst,
        this.config.banAfterRejections,
        this.config.banSeconds * 1000,
        this.config.banWindowSeconds * 1000,
      );
      return {
        outcome: OUTCOMES[outcome],
        limit: this.config.burst,
        remaining,
        resetSeconds: Math.ceil(msUntilFull / 1000),
        retryAfterSeconds: Math.ceil(msUntilRetry / 1000),
        bannedNow: bannedNow === 1,
      };
    } catch (error) {
      const now = Date.now();
      if (now - this.lastOutageLog > OUTAGE_LOG_INTERVAL_MS) {
        this.lastOutageLog = now;
        this.logger.warn({ err: error }, 'rate limiting skipped: Redis unavailable');
      }
      return null;
    }
  }
}
