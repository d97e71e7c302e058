import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RateLimitConfig } from '../config.js';

// Token buckets in Redis so every replica enforces one limit. One script call per request checks the
// ban, refills and takes one token from the client IP's bucket and then, for a valid token, spends from
// the project's quota (its own bucket and/or daily count, when configured) — atomically, so concurrent
// requests on different replicas can never spend the same token. Time is Redis' clock, not the replicas'.
//
// Ban policy: every 429 of the IP's own bucket counts against that IP; requests let through in between
// do not reset the count (a client flooding just above the limit gets most requests through, yet keeps
// hammering). The count only lapses after a whole ban window without a 429, so a flood at any rate above
// the limit that keeps at least one 429 per window is banned once it has collected `ban after` of them.
// A refusal by the project's quota never counts: a project token is shared by every user of a dApp, and
// one of them draining it must not get the others banned.
//
// KEYS: 1 IP ban, 2 IP rejection counter, 3 IP bucket, 4 project bucket, 5 project day (hashes)
// ARGV: 1 IP tokens per second, 2 IP burst, 3 ban after N rejections, 4 ban ms, 5 ban window ms,
//       6 project tokens per second (0: no bucket), 7 project burst, 8 project requests per UTC day (0: none),
//       9 1 when the request carries a valid token
// Returns {outcome, remaining, ms until full, ms until retry, 1 if this rejection banned the IP};
// outcome 0 allowed, 1 IP over its limit, 2 banned, 3 project over its quota.
const SCRIPT = `
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local ban_after, ban_ms, window_ms = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local project_rate, project_burst, per_day = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local has_project = ARGV[9] == '1'
local banned_ms = redis.call('PTTL', KEYS[1])
if banned_ms > 0 then return {2, 0, 0, banned_ms, 0} end
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local function level(key, key_rate, key_burst)
  local state = redis.call('HMGET', key, 'tokens', 'at_ms')
  local tokens, at = tonumber(state[1]), tonumber(state[2])
  if tokens == nil then tokens, at = key_burst, now end
  return math.min(key_burst, tokens + math.max(0, now - at) * key_rate / 1000)
end
local function store(key, tokens, key_rate, key_burst)
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at_ms', now)
  redis.call('PEXPIRE', key, math.ceil(key_burst / key_rate * 1000))
end

local ip = level(KEYS[3], rate, burst)
if ip < 1 then
  store(KEYS[3], ip, rate, burst)
  local rejections = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], window_ms)
  local banned_now = 0
  if rejections >= ban_after then
    redis.call('SET', KEYS[1], 1, 'PX', ban_ms)
    redis.call('DEL', KEYS[2])
    banned_now = 1
  end
  return {1, 0, math.ceil((burst - ip) / rate * 1000), math.ceil((1 - ip) / rate * 1000), banned_now}
end
ip = ip - 1
store(KEYS[3], ip, rate, burst)
local remaining, until_full = math.floor(ip), math.ceil((burst - ip) / rate * 1000)
if not has_project then return {0, remaining, until_full, 0, 0} end

local day_ms = 86400000
local today = math.floor(now / day_ms)
local used = 0
if per_day > 0 then
  local state = redis.call('HMGET', KEYS[5], 'day', 'used')
  if tonumber(state[1]) == today then used = tonumber(state[2]) end
  if used >= per_day then return {3, remaining, until_full, (today + 1) * day_ms - now, 0} end
end
if project_rate > 0 then
  local project = level(KEYS[4], project_rate, project_burst)
  if project < 1 then
    store(KEYS[4], project, project_rate, project_burst)
    return {3, remaining, until_full, math.ceil((1 - project) / project_rate * 1000), 0}
  end
  store(KEYS[4], project - 1, project_rate, project_burst)
end
if per_day > 0 then
  redis.call('HSET', KEYS[5], 'day', today, 'used', used + 1)
  redis.call('PEXPIREAT', KEYS[5], (today + 1) * day_ms)
end
return {0, remaining, until_full, 0, 0}
`;

/** `over-limit`: the client IP's own limit (counts toward its ban); `project-over-limit`: the token's quota. */
export type RateLimitOutcome = 'allowed' | 'over-limit' | 'banned' | 'project-over-limit';

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

const OUTCOMES: RateLimitOutcome[] = ['allowed', 'over-limit', 'banned', 'project-over-limit'];
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
   * Takes one request from the client IP's bucket and, when known, the project's quota. Fails open: if
   * Redis is unreachable the request is allowed (with a warning at most every 10 s), because refusing
   * all traffic would turn a cache outage into an API outage.
   */
  async take(ip: string, projectId: string | null): Promise<RateLimitDecision | null> {
    const prefix = this.config.redisKeyPrefix;
    const { project } = this.config;
    try {
      const [outcome, remaining, msUntilFull, msUntilRetry, bannedNow] = await this.redis.takeRateLimitToken(
        5,
        `${prefix}ban:${ip}`,
        `${prefix}rejections:${ip}`,
        `${prefix}ip:${ip}`,
        `${prefix}project:${projectId}`,
        `${prefix}project-day:${projectId}`,
        this.config.perSecond,
        this.config.burst,
        this.config.banAfterRejections,
        this.config.banSeconds * 1000,
        this.config.banWindowSeconds * 1000,
        project.perSecond,
        project.burst,
        project.perDay,
        projectId === null ? 0 : 1,
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
