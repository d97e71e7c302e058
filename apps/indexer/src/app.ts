import type { Server } from 'node:http';
import { createPrismaClient } from '@frostline/db';
import { BYRON_GENESIS_HASHES, networkIdOf } from '@frostline/model';
import type { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ChainFollower } from './chain-sync/follower.js';
import { connectOgmios, networkFacts } from './chain-sync/ogmios.js';
import type { IndexerConfig } from './config.js';
import { startHttpServer } from './http.js';
import { Indexer } from './indexer.js';
import { openQueues, QUEUES, redisConnection } from './jobs/queues.js';
import { storeEraSummaries, storeGenesis } from './jobs/genesis-and-eras.js';
import { refreshProtocolParameters } from './jobs/protocol-parameters.js';
import { startJobWorkers, startRollbackWorker } from './jobs/workers.js';
import type { Logger } from './logger.js';
import { IndexerMetrics } from './metrics.js';
import { ChainStore } from './sink/chain-store.js';
import { WriterLock, WriterLockTakenError } from './sink/writer-lock.js';

export interface RunningIndexer {
  /** resolves when chain following ends (stop() or a fatal error, which rejects) */
  done: Promise<void>;
  indexer: Indexer;
  store: ChainStore;
  metrics: IndexerMetrics;
  /** finishes the block being written, writes what was received, and releases everything */
  stop(): Promise<void>;
}

export async function startIndexer(config: IndexerConfig, logger: Logger): Promise<RunningIndexer> {
  const lock = await retrying(
    logger,
    'PostgreSQL',
    () => WriterLock.acquire(config.databaseUrl, logger),
    (error) => !(error instanceof WriterLockTakenError),
  );
  const prisma = createPrismaClient(config.databaseUrl, { maxConnections: 8 });
  const metrics = new IndexerMetrics();
  const connection = redisConnection(config.redisUrl);
  const workers: Worker[] = [];
  let server: Server | null = null;
  let queues: Awaited<ReturnType<typeof openQueues>> | null = null;
  try {
    const facts = await retrying(logger, 'Ogmios', async () => {
      const ogmios = await connectOgmios(config.ogmiosUrl);
      return networkFacts(ogmios)
        .then(async (found) => (await refreshProtocolParameters(prisma, ogmios), found))
        .finally(() => ogmios.socket.close());
    });
    await storeGenesis(prisma, facts.shelleyGenesis);
    await storeEraSummaries(prisma, facts.eraSummaries);
    const store = new ChainStore(prisma, {
      networkId: networkIdOf(config.network),
      chainTime: facts.chainTime,
      securityParameter: facts.securityParameter,
      genesisDelegates: facts.genesisDelegates,
      genesisHash: config.network === 'custom' ? undefined : BYRON_GENESIS_HASHES[config.network],
      allowMissingTxCbor: config.allowMissingTxCbor,
    });
    await store.load();
    if (
      config.startPoint === 'origin' &&
      (await store.seedGenesis(facts.genesisFunds, facts.systemStartUnix))
    ) {
      logger.info('stored the genesis distribution (initial funds)');
    }
    await prisma.indexerStatus.upsert({
      where: { id: 1 },
      create: { id: 1, network: config.network },
      update: { network: config.network },
    });

    queues = await openQueues(connection, logger, config.queuePrefix);
    const workerContext = { connection, prefix: config.queuePrefix, prisma, logger, metrics };
    workers.push(startRollbackWorker(store, workerContext));
    if (config.inProcessWorkers) workers.push(...startJobWorkers(config, workerContext));
    await scheduleRefreshAll(
      queues.tokenRegistry,
      config.tokenRegistryUrl ? config.tokenRegistryRefreshMs : 0,
    );
    await scheduleRefreshAll(queues.nutlinkMetadata, config.nutlinkMetadataRefreshMs);
    await scheduleRefreshAll(queues.governanceAnchors, config.governanceAnchorRefreshMs);
    await scheduleRefreshAll(queues.poolMetadata, config.poolMetadataRefreshMs);

    const indexer = new Indexer(store, prisma, queues, lock, logger, metrics, {
      batchSize: config.batchSize,
      batchTransactions: config.batchTransactions,
      startPoint: config.startPoint,
      nearTipBlocks: 10,
      maxBatchDelayMs: 1000,
      tokenRegistry: config.tokenRegistryUrl !== null,
      nutlinkMetadata: config.nutlinkMetadataRefreshMs > 0,
      poolMetadata: config.poolMetadataRefreshMs > 0,
    });
    const follower = new ChainFollower(indexer, { url: config.ogmiosUrl, logger });
    const openQueuesRef = queues;
    const queueGauge = setInterval(async () => {
      for (const [name, queue] of [
        [QUEUES.tokenRegistry, openQueuesRef.tokenRegistry],
        [QUEUES.rewards, openQueuesRef.rewards],
        [QUEUES.nutlinkMetadata, openQueuesRef.nutlinkMetadata],
        [QUEUES.governanceAnchors, openQueuesRef.governanceAnchors],
        [QUEUES.poolMetadata, openQueuesRef.poolMetadata],
        [QUEUES.rollbacks, openQueuesRef.rollbacks],
      ] as const) {
        metrics.queueDepth.set({ queue: name }, await queue.getWaitingCount().catch(() => 0));
      }
    }, 5000);
    if (config.metricsPort) {
      server = await startHttpServer(config.metricsHost, config.metricsPort, metrics.registry, () =>
        readiness(prisma, config, store),
      );
    }
    logger.info(
      {
        network: config.network,
        ogmios: config.ogmiosUrl.toString(),
        k: facts.securityParameter,
        tip: store.tipPoint,
      },
      'indexer started',
    );
    // A lost lock is retaken in place; only another indexer holding it ends this one.
    lock.taken.catch(() => follower.stop());
    const done = Promise.race([follower.run(), lock.taken]);
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        const closing = indexer.close();
        await follower.stop();
        await done.catch(() => undefined);
        await closing.catch((error) => logger.error({ err: error }, 'could not write the last blocks'));
        clearInterval(queueGauge);
        await shutdown();
      })());
    done.catch(() => undefined);
    return { done, indexer, store, metrics, stop };
  } catch (error) {
    await shutdown();
    throw error;
  }

  async function shutdown() {
    // A worker's or a queue's graceful close waits for Redis to answer, for ever while it is down
    // (taskforcesh/bullmq#4656), as when Ctrl-C stops `npm start`'s Redis together with the indexer. Without
    // Redis the jobs in progress are left unfinished: BullMQ hands them out again as stalled once it is back.
    const force = queues !== null && !(await redisAnswers(config.redisUrl));
    await Promise.all(workers.map((w) => w.close(force)));
    await queues?.close(force);
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await prisma.$disconnect();
    await lock.release();
  }
}

async function readiness(
  prisma: ReturnType<typeof createPrismaClient>,
  config: IndexerConfig,
  store: ChainStore,
) {
  const details: Record<string, unknown> = {};
  let ready = true;
  try {
    const [status] = await prisma.$queryRawUnsafe<{ node_tip_slot: bigint | null }[]>(
      'SELECT node_tip_slot FROM indexer_status WHERE id = 1',
    );
    details.database = 'up';
    const tip = store.tipPoint;
    const lag = status?.node_tip_slot == null || !tip ? null : Number(status.node_tip_slot) - tip.slot;
    details.lagSlots = lag;
    if (lag === null || lag > config.readyMaxLagSlots) ready = false;
  } catch {
    details.database = 'down';
    ready = false;
  }
  details.redis = (await redisAnswers(config.redisUrl)) ? 'up' : 'down';
  if (details.redis === 'down') ready = false;
  return { ready, details };
}

/**
 * Queues a `refresh-all` job every `everyMs`; with 0 nothing runs these jobs, so any left from a run that had
 * them (or from versions that queued them regardless) are dropped, and cannot hold Redis memory forever.
 */
async function scheduleRefreshAll(
  queue: Pick<Queue, 'obliterate' | 'upsertJobScheduler'>,
  everyMs: number,
): Promise<void> {
  if (everyMs === 0) {
    await queue.obliterate({ force: true });
    return;
  }
  await queue.upsertJobScheduler(
    'refresh-all',
    { every: everyMs },
    {
      name: 'refresh-all',
      data: { kind: 'refresh-all' },
      opts: { removeOnComplete: true, removeOnFail: 100 },
    },
  );
}

/** Whether Redis answers a ping now, on a connection of its own that is closed again. */
async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Ogmios may start after us (docker compose, a node still loading): wait for it with backoff. */
async function retrying<T>(
  logger: Logger,
  what: string,
  attempt: () => Promise<T>,
  retryable: (error: unknown) => boolean = () => true,
  attempts = 10,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= attempts || !retryable(error)) throw error;
      const delay = Math.min(500 * 2 ** i, 15_000);
      logger.warn({ err: error, retryInMs: delay }, `${what} not reachable yet`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
