import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import type { FatalReport } from '../errors.js';
import type { Logger } from '../logger.js';

/** BullMQ queues of the indexer; names are part of the deployment contract (separate workers use them). */
export const QUEUES = {
  rollbacks: 'rollbacks',
  tokenRegistry: 'token-registry',
  rewards: 'rewards',
  nutlinkMetadata: 'nutlink-metadata',
  governanceAnchors: 'governance-anchors',
  poolMetadata: 'pool-metadata',
} as const;

export interface RollbackJob {
  point: { slot: number; id: string } | 'origin';
}

/** What a rollback job answers: the blocks it removed, or why it must not be done (errors.ts). */
export type RollbackOutcome = { removed: number } | FatalReport;

export type TokenRegistryJob = { kind: 'subject'; subject: string } | { kind: 'refresh-all' };

/** One registration's URL and hash (as GET /nutlink/{address} shows them), or every current registration. */
export type NutlinkMetadataJob =
  { kind: 'registration'; metadataUrl: string; metadataHash: string } | { kind: 'refresh-all' };

/** Fetches the documents of the governance anchors that have none stored yet, on a schedule (anchor-fetch.ts). */
export type GovernanceAnchorsJob = { kind: 'refresh-all' };

/** One pool registration's metadata URL and hash, or those of every pool's newest registration. */
export type PoolMetadataJob = { kind: 'registration'; url: string; hash: string } | { kind: 'refresh-all' };

/**
 * `accounts` re-reads the reward balances of the accounts marked in reward_refresh; `all`, queued
 * once per `epoch` while the stored chain is at the node's tip, first marks every registered account.
 */
export type RewardsJob = { kind: 'accounts' } | { kind: 'all'; epoch: number };

/** Workers need `maxRetriesPerRequest: null` (BullMQ); the other options come from REDIS_URL. */
export function redisConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

export interface IndexerQueues {
  rollbacks: Queue<RollbackJob>;
  rollbackEvents: QueueEvents;
  tokenRegistry: Queue<TokenRegistryJob>;
  rewards: Queue<RewardsJob>;
  nutlinkMetadata: Queue<NutlinkMetadataJob>;
  governanceAnchors: Queue<GovernanceAnchorsJob>;
  poolMetadata: Queue<PoolMetadataJob>;
  /** `force`: Redis does not answer; the connections are dropped instead of waiting for it to end them */
  close(force?: boolean): Promise<void>;
}

export async function openQueues(
  connection: ConnectionOptions,
  logger: Logger,
  prefix?: string,
): Promise<IndexerQueues> {
  const options = { connection, prefix };
  const rollbacks = new Queue<RollbackJob>(QUEUES.rollbacks, options);
  const rollbackEvents = new QueueEvents(QUEUES.rollbacks, options);
  const tokenRegistry = new Queue<TokenRegistryJob>(QUEUES.tokenRegistry, options);
  const rewards = new Queue<RewardsJob>(QUEUES.rewards, options);
  const nutlinkMetadata = new Queue<NutlinkMetadataJob>(QUEUES.nutlinkMetadata, options);
  const governanceAnchors = new Queue<GovernanceAnchorsJob>(QUEUES.governanceAnchors, options);
  const poolMetadata = new Queue<PoolMetadataJob>(QUEUES.poolMetadata, options);
  // Without a listener BullMQ prints every failed reconnection (Redis restarting) to stderr with a stack.
  const reconnecting = (error: Error) => logger.warn({ err: error }, 'Redis connection error; reconnecting');
  rollbacks.on('error', reconnecting);
  rollbackEvents.on('error', reconnecting);
  tokenRegistry.on('error', reconnecting);
  rewards.on('error', reconnecting);
  nutlinkMetadata.on('error', reconnecting);
  governanceAnchors.on('error', reconnecting);
  poolMetadata.on('error', reconnecting);
  await Promise.all([
    rollbacks.waitUntilReady(),
    rollbackEvents.waitUntilReady(),
    tokenRegistry.waitUntilReady(),
    rewards.waitUntilReady(),
    nutlinkMetadata.waitUntilReady(),
    governanceAnchors.waitUntilReady(),
    poolMetadata.waitUntilReady(),
  ]);
  return {
    rollbacks,
    rollbackEvents,
    tokenRegistry,
    rewards,
    nutlinkMetadata,
    governanceAnchors,
    poolMetadata,
    async close(force = false) {
      await Promise.all(
        [
          rollbacks,
          rollbackEvents,
          tokenRegistry,
          rewards,
          nutlinkMetadata,
          governanceAnchors,
          poolMetadata,
        ].map(async (queue) => {
          // A graceful close waits for Redis to acknowledge it, for ever while Redis is down: forced, the
          // connections are dropped first.
          if (force) await queue.backend.close(true);
          await queue.close();
        }),
      );
    },
  };
}
