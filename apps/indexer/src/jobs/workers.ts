import type { InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { connectOgmios } from '../chain-sync/ogmios.js';
import type { Logger } from '../logger.js';
import type { IndexerMetrics } from '../metrics.js';
import type { IndexerConfig } from '../config.js';
import { fatalFromReport, fatalReport } from '../errors.js';
import type { ChainStore } from '../sink/chain-store.js';
import {
  currentNutlinkRegistrations,
  forgetOtherNutlinkMetadata,
  refreshNutlinkMetadata,
} from './nutlink-metadata.js';
import {
  QUEUES,
  type GovernanceAnchorsJob,
  type IndexerQueues,
  type NutlinkMetadataJob,
  type PoolMetadataJob,
  type RewardsJob,
  type RollbackJob,
  type RollbackOutcome,
  type TokenRegistryJob,
} from './queues.js';
import { pendingGovernanceAnchors, refreshGovernanceAnchor } from './anchor-fetch.js';
import { snapshotDRepsAndCommittee } from './epoch-snapshots/dreps-and-committee.js';
import { refreshEraSummaries } from './genesis-and-eras.js';
import { snapshotPools } from './epoch-snapshots/pools.js';
import { currentPoolMetadataRefs, refreshPoolMetadata } from './pool-metadata.js';
import { refreshProtocolParameters } from './protocol-parameters.js';
import { snapshotGovernanceProposals } from './epoch-snapshots/proposals.js';
import { markRegisteredAccounts, refreshMarkedAccounts } from './rewards.js';
import { snapshotAccountStakes } from './epoch-snapshots/accounts.js';
import { snapshotRewards } from './epoch-snapshots/rewards.js';
import {
  allAssetSubjects,
  fetchTokenMetadata,
  queryTokenMetadata,
  saveTokenMetadata,
} from './token-registry.js';

export interface WorkerContext {
  connection: ConnectionOptions;
  prefix?: string;
  prisma: PrismaClient;
  logger: Logger;
  metrics: IndexerMetrics;
}

function observe<T>(
  worker: Worker<T>,
  queue: string,
  context: Pick<WorkerContext, 'logger' | 'metrics'>,
): Worker<T> {
  worker.on('failed', (job, error) => {
    context.metrics.jobFailures.inc({ queue });
    context.logger.warn({ queue, jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'job failed');
  });
  worker.on('error', (error) => context.logger.error({ queue, err: error }, 'worker error'));
  return worker;
}

/** A worker of `queue` on the context's Redis and prefix, its failures counted and logged. */
function startWorker<T>(
  queue: string,
  process: (job: Job<T>) => Promise<void>,
  concurrency: number,
  context: Omit<WorkerContext, 'prisma'>,
): Worker<T> {
  const options = { connection: context.connection, prefix: context.prefix, concurrency };
  return observe(new Worker<T>(queue, process, options), queue, context);
}

/**
 * `each` of the items in turn until the worker closes. A refresh of every URL takes as long as its slowest servers
 * (hours for thousands of unreachable ones), and a stop must not wait for it: the next refresh takes up the rest.
 */
async function untilClosing<T>(
  worker: Worker,
  items: Iterable<T> | AsyncIterable<T>,
  each: (item: T) => Promise<void>,
): Promise<void> {
  for await (const item of items) {
    if (worker.closing !== undefined) return;
    await each(item);
  }
}

/**
 * Rollbacks run in the writer process (they change chain tables, which only the lock holder may
 * do); the follower waits for each job ({@link runRollbackJob}) before it takes the next chain-sync
 * message. A rollback that must not be done is the job's answer, not its failure: BullMQ would keep of
 * the error only its text.
 */
export function startRollbackWorker(
  store: Pick<ChainStore, 'rollBackTo'>,
  context: Omit<WorkerContext, 'prisma'>,
): Worker<RollbackJob, RollbackOutcome> {
  const process = async (job: Job<RollbackJob>): Promise<RollbackOutcome> => {
    try {
      return { removed: await store.rollBackTo(job.data.point) };
    } catch (error) {
      const refused = fatalReport(error);
      if (refused === null) throw error;
      return refused;
    }
  };
  return observe(
    new Worker<RollbackJob, RollbackOutcome>(QUEUES.rollbacks, process, {
      connection: context.connection,
      prefix: context.prefix,
      concurrency: 1,
    }),
    QUEUES.rollbacks,
    context,
  );
}

/**
 * Queues a rollback to `point` and waits up to `waitLimitMs` for the rollback worker: resolves with the
 * number of blocks removed; rejects with the job's failure, or with the fatal error of the class the
 * worker met (a rollback deeper than k, to an unknown point).
 */
export async function runRollbackJob(
  queues: Pick<IndexerQueues, 'rollbacks' | 'rollbackEvents'>,
  point: RollbackJob['point'],
  waitLimitMs: number,
): Promise<number> {
  const job = await queues.rollbacks.add(
    'rollback',
    { point },
    { removeOnComplete: 1000, removeOnFail: 1000 },
  );
  const outcome = (await job.waitUntilFinished(queues.rollbackEvents, waitLimitMs)) as RollbackOutcome;
  if ('fatal' in outcome) throw fatalFromReport(outcome);
  return outcome.removed;
}

/** Token-registry metadata: new assets one by one, and a periodic refresh of all of them. */
export function startTokenRegistryWorker(registry: URL, context: WorkerContext): Worker<TokenRegistryJob> {
  const process = async (job: Job<TokenRegistryJob>) => {
    if (job.data.kind === 'subject') {
      const subject = job.data.subject;
      await saveTokenMetadata(context.prisma, subject, await fetchTokenMetadata(registry, subject));
      return;
    }
    let pages = 0;
    await untilClosing(worker, allAssetSubjects(context.prisma, 100), async (subjects) => {
      const found = await queryTokenMetadata(registry, subjects);
      for (const subject of subjects)
        await saveTokenMetadata(context.prisma, subject, found.get(subject) ?? null);
      await job.updateProgress(++pages);
    });
  };
  const worker = startWorker(QUEUES.tokenRegistry, process, 4, context);
  return worker;
}

/** Reward balances from Ogmios: accounts marked by each batch, and every registered account once per epoch. */
export function startRewardsWorker(ogmiosUrl: URL, context: WorkerContext): Worker<RewardsJob> {
  let ogmios: InteractionContext | null = null;
  const connection = async () => {
    if (!ogmios || ogmios.socket.readyState !== ogmios.socket.OPEN) {
      ogmios = await connectOgmios(ogmiosUrl, () => (ogmios = null));
    }
    return ogmios;
  };
  const process = async (job: Job<RewardsJob>) => {
    if (job.data.kind === 'all') {
      // Queued on every epoch change, when new protocol parameters (and eras) take effect.
      await refreshProtocolParameters(context.prisma, await connection());
      await refreshEraSummaries(context.prisma, await connection());
      await snapshotDRepsAndCommittee(context.prisma, await connection());
      await snapshotPools(context.prisma, await connection());
      await markRegisteredAccounts(context.prisma);
    }
    await refreshMarkedAccounts(context.prisma, connection);
    // After the refresh, so that an account's stake includes the rewards the boundary paid it.
    // It waits for the index to reach the ledger tip, unless the worker is closing: stopping waits for its job.
    const stopping = () => worker.closing !== undefined;
    if (job.data.kind === 'all') await snapshotAccountStakes(context.prisma, await connection(), stopping);
    // Last: the accounts' rewards above do not wait on a ledger that cannot answer governance queries.
    if (job.data.kind === 'all') await snapshotGovernanceProposals(context.prisma, await connection());
    // After the proposals: the deposits refunded and the withdrawals enacted at the boundary are told by them.
    if (job.data.kind === 'all')
      await snapshotRewards(context.prisma, await connection(), (details, message) =>
        context.logger.warn(details, message),
      );
  };
  const worker = startWorker(QUEUES.rewards, process, 1, context);
  worker.on('closed', () => ogmios?.socket.close());
  return worker;
}

/** nut.link oracles' off-chain metadata: each registration as it is indexed, and a periodic refresh of all. */
export function startNutlinkMetadataWorker(
  allowPrivate: boolean,
  context: WorkerContext,
): Worker<NutlinkMetadataJob> {
  const process = async (job: Job<NutlinkMetadataJob>) => {
    if (job.data.kind === 'registration') {
      await refreshNutlinkMetadata(context.prisma, job.data, { allowPrivate });
      return;
    }
    const current = await currentNutlinkRegistrations(context.prisma);
    await forgetOtherNutlinkMetadata(context.prisma, current);
    await untilClosing(worker, current, (registration) =>
      refreshNutlinkMetadata(context.prisma, registration, { allowPrivate }),
    );
  };
  const worker = startWorker(QUEUES.nutlinkMetadata, process, 4, context);
  return worker;
}

// Anchors fetched per job: the next job takes the rest.
const ANCHORS_PER_JOB = 100;

/** Governance anchors' documents (CIP-119 DRep and CIP-108 proposal metadata): those not stored yet, on each scheduled job. */
export function startGovernanceAnchorsWorker(
  allowPrivate: boolean,
  context: WorkerContext,
): Worker<GovernanceAnchorsJob> {
  const process = async () => {
    await untilClosing(worker, await pendingGovernanceAnchors(context.prisma, ANCHORS_PER_JOB), (anchor) =>
      refreshGovernanceAnchor(context.prisma, anchor, { allowPrivate }),
    );
  };
  const worker = startWorker<GovernanceAnchorsJob>(QUEUES.governanceAnchors, process, 1, context);
  return worker;
}

/** Pools' off-chain metadata: each registration's as it is indexed, and a periodic refresh of all. */
export function startPoolMetadataWorker(
  allowPrivate: boolean,
  context: WorkerContext,
): Worker<PoolMetadataJob> {
  const process = async (job: Job<PoolMetadataJob>) => {
    const refs =
      job.data.kind === 'registration' ? [job.data] : await currentPoolMetadataRefs(context.prisma);
    await untilClosing(worker, refs, (ref) => refreshPoolMetadata(context.prisma, ref, { allowPrivate }));
  };
  const worker = startWorker(QUEUES.poolMetadata, process, 4, context);
  return worker;
}

/** The workers that may run anywhere: rewards, and off-chain metadata and the token registry when enabled. */
export function startJobWorkers(config: IndexerConfig, context: WorkerContext): Worker[] {
  const workers: Worker[] = [startRewardsWorker(config.ogmiosUrl, context)];
  if (config.nutlinkMetadataRefreshMs > 0)
    workers.push(startNutlinkMetadataWorker(config.offChainFetchAllowPrivate, context));
  if (config.poolMetadataRefreshMs > 0)
    workers.push(startPoolMetadataWorker(config.offChainFetchAllowPrivate, context));
  if (config.tokenRegistryUrl) workers.push(startTokenRegistryWorker(config.tokenRegistryUrl, context));
  if (config.governanceAnchorRefreshMs > 0)
    workers.push(startGovernanceAnchorsWorker(config.offChainFetchAllowPrivate, context));
  return workers;
}
