import type { PrismaClient } from '@frostline/db';
import type { DecodedBlock, OgmiosBlock } from '@frostline/model';
import type { ChainHandler, Point, Tip } from './chain-sync/follower.js';
import type { IndexerQueues } from './jobs/queues.js';
import { nutlinkRegistrationsIn, registrationKey } from './jobs/nutlink-metadata.js';
import { poolMetadataKey, poolMetadataRefsIn } from './jobs/pool-metadata.js';
import { runRollbackJob } from './jobs/workers.js';
import type { Logger } from './logger.js';
import type { IndexerMetrics } from './metrics.js';
import type { WriteResult } from './sink/batch-writer.js';
import { BlockPipeline, type BlockPipelineOptions } from './sink/block-pipeline.js';
import type { ChainStore } from './sink/chain-store.js';
import type { WriterLock } from './sink/writer-lock.js';

const CLOSED = Symbol('closed');

/** Far above what the deepest rollback (k blocks) takes: BENCHMARKS.md has its rollback rows. */
const ROLLBACK_WAIT_LIMIT_MS = 5 * 60_000;

export interface IndexerOptions extends BlockPipelineOptions {
  startPoint: Point;
  /** blocks from the node tip under which every block is written on its own */
  nearTipBlocks: number;
  /** queue registry lookups of new assets: only with a registry, or the jobs would pile up forever */
  tokenRegistry: boolean;
  /** queue the off-chain metadata fetch of new nut.link registrations */
  nutlinkMetadata: boolean;
  poolMetadata: boolean;
}

/**
 * Chain-sync handler: decodes each block and hands it to the {@link BlockPipeline} (batches far from
 * the tip, one block at a time near it), then queues each batch's follow-up jobs; turns every
 * rollBackward into a rollback job and waits for it before taking the next message, so a rollback
 * never races newer blocks.
 */
export class Indexer implements ChainHandler {
  private readonly pipeline: BlockPipeline;
  private closed = false;
  /** what close() abandons: waits for a dependency that may be down */
  private readonly abandonOnClose = new Set<() => void>();
  private nodeTip: Tip = 'origin';
  /** the newest epoch whose walk this process queued (-1: none yet) */
  private walkQueuedFor = -1;
  private progress = { blocks: 0, transactions: 0, since: Date.now(), lastLog: 0 };

  constructor(
    private readonly store: ChainStore,
    private readonly prisma: PrismaClient,
    private readonly queues: IndexerQueues,
    private readonly writerLock: Pick<WriterLock, 'assertHeld' | 'held'>,
    private readonly logger: Logger,
    private readonly metrics: IndexerMetrics,
    private readonly options: IndexerOptions,
  ) {
    this.pipeline = new BlockPipeline((blocks, decodeMs) => this.writeBatch(blocks, decodeMs), options);
  }

  async intersectionPoints(): Promise<Point[]> {
    // While PostgreSQL is down the lock is retaken until it is back: a stop does not wait for that. What
    // was not committed is written again by the next start, from the stored tip.
    if ((await this.unlessClosed(this.writerLock.held())) === CLOSED)
      throw new Error('the indexer is stopping: chain-sync does not resume');
    await this.flush();
    // After a failed write (database restarted) the commit may have happened or not: what is
    // stored decides the ids, the tip and where decoding continues.
    await this.store.load();
    return this.store.intersectionPoints(this.options.startPoint);
  }

  async rollForward(block: OgmiosBlock, tip: Tip): Promise<void> {
    // Messages already received when shutdown began are dropped: the next start resumes from the database.
    if (this.closed) return;
    this.pipeline.rethrowWriteFailure();
    this.nodeTip = tip;
    const started = performance.now();
    const decoded = this.store.decode(block);
    // Near the tip a block is committed before the next message is taken.
    await this.pipeline.add(decoded, performance.now() - started, this.atNodeTip(block.height));
  }

  async rollBackward(point: Point, tip: Tip): Promise<void> {
    if (this.closed) return;
    this.nodeTip = tip;
    await this.flush();
    const current = this.store.tipPoint;
    // The first answer after an intersection is a rollback to it: nothing to undo
    // (docs/ogmios.md#chain-synchronisation).
    // It tells the node's tip, which is recorded (a restart at the tip may have no block to write, and
    // the run before may have been killed between its last commit and its status) and from which a
    // restart at the tip queues its rewards follow-ups.
    if (current === null ? point === 'origin' : point !== 'origin' && point.id === current.id) {
      await this.recordStatus();
      return this.queueRewardsAtTip(0);
    }
    this.writerLock.assertHeld();
    const started = performance.now();
    // The rollback worker runs ChainStore.rollBackTo on this store, which reloads its state. A Redis
    // that lost its data also lost the job: after the time limit chain-sync reconnects from what is
    // committed and the node sends the rollback again (rolling back twice to one point is harmless).
    const removed = await runRollbackJob(this.queues, point, ROLLBACK_WAIT_LIMIT_MS);
    this.metrics.rollbacks.inc();
    this.metrics.rollbackDepth.observe(removed);
    this.logger.info(
      { point, removedBlocks: removed, ms: Math.round(performance.now() - started) },
      'rolled back',
    );
    await this.recordStatus();
  }

  /** Stops taking chain-sync messages and writes what was received (SIGTERM: no block half-done). */
  close(): Promise<void> {
    this.closed = true;
    for (const abandon of this.abandonOnClose) abandon();
    return this.flush();
  }

  /**
   * `work`'s outcome, or CLOSED once the indexer is closed: `work` is then abandoned (it may still end,
   * unheard), so that stopping never waits for a dependency that is down.
   */
  private unlessClosed<T>(work: Promise<T>): Promise<T | typeof CLOSED> {
    return new Promise((resolve, reject) => {
      const abandon = () => resolve(CLOSED);
      if (this.closed) abandon();
      this.abandonOnClose.add(abandon);
      work.then(resolve, reject).finally(() => this.abandonOnClose.delete(abandon));
    });
  }

  /** Writes everything buffered and waits until it is committed. */
  flush(): Promise<void> {
    return this.pipeline.flush();
  }

  private async writeBatch(blocks: DecodedBlock[], decodeMs: number): Promise<void> {
    this.writerLock.assertHeld();
    const result = await this.store.writeDecoded(blocks, decodeMs, this.blocksLeftAfter(blocks));
    if (result.addressUtxo.change === 'deferred')
      this.logger.info(
        "catching up: address_utxo emptied and the live outputs' address indexes dropped until the tip (readers answer from tx_out meanwhile)",
      );
    if (result.addressUtxo.change === 'filled')
      this.logger.info(
        { ms: Math.round(result.addressUtxo.fillMs) },
        "at the tip: address_utxo filled and the live outputs' address indexes built",
      );
    this.metrics.recordWrite(result, this.store.tipHeight);
    // Redis down at a stop: the jobs need not wait for it. The accounts a batch marks stay marked in
    // reward_refresh, refreshed by the next start's first walk at the tip, and the token registry's
    // periodic refresh looks up every asset.
    await this.unlessClosed(this.queueFollowUps(blocks, result));
    await this.recordStatus();
    this.logProgress(result);
  }

  private async queueFollowUps(blocks: DecodedBlock[], result: WriteResult): Promise<void> {
    if (this.options.tokenRegistry && result.newAssets.length) {
      await this.queues.tokenRegistry.addBulk(
        result.newAssets.map((subject) => ({
          name: 'subject',
          data: { kind: 'subject' as const, subject },
          opts: {
            deduplication: { id: subject },
            removeOnComplete: true,
            removeOnFail: 1000,
            attempts: 8,
            backoff: { type: 'exponential', delay: 5000 },
          },
        })),
      );
    }
    const registrations = this.options.nutlinkMetadata ? nutlinkRegistrationsIn(blocks) : [];
    if (registrations.length) {
      await this.queues.nutlinkMetadata.addBulk(
        registrations.map((registration) => ({
          name: 'registration',
          data: { kind: 'registration' as const, ...registration },
          opts: {
            deduplication: { id: registrationKey(registration) },
            removeOnComplete: true,
            removeOnFail: 1000,
          },
        })),
      );
    }
    const poolRefs = this.options.poolMetadata ? poolMetadataRefsIn(blocks) : [];
    if (poolRefs.length) {
      await this.queues.poolMetadata.addBulk(
        poolRefs.map((ref) => ({
          name: 'registration',
          data: { kind: 'registration' as const, ...ref },
          opts: { deduplication: { id: poolMetadataKey(ref) }, removeOnComplete: true, removeOnFail: 1000 },
        })),
      );
    }
    await this.queueRewardsAtTip(result.markedAccounts);
  }

  /**
   * How many blocks the node has after these while they are far from its tip (AddressUtxoDeferral
   * defers address_utxo on it); null near the tip. An epoch-boundary block has no height: the last one
   * with a height counts.
   */
  private blocksLeftAfter(blocks: DecodedBlock[]): number | null {
    const tip = this.nodeTip;
    const height = blocks.findLast((block) => block.height !== null)?.height ?? null;
    if (tip === 'origin' || height === null || this.atNodeTip(height)) return null;
    return tip.height - height;
  }

  /** Whether a block of this height is within `nearTipBlocks` of the node's tip. */
  private atNodeTip(height: number | null): boolean {
    const tip = this.nodeTip;
    return tip !== 'origin' && height !== null && tip.height - height <= this.options.nearTipBlocks;
  }

  /**
   * Reward balances are refreshed only while the stored chain is at the node's tip: the ledger
   * answers for its tip whatever epoch asks, so while catching up a refresh is done again later for
   * nothing, and a walk per epoch crossed refreshed over a million accounts each on mainnet
   * (bench/ANALYSIS.md). Marks wait in reward_refresh meanwhile (also those of a run killed
   * before it queued their refresh), and the first walk this process queues at the tip, whose epoch
   * may already be walked, refreshes them.
   */
  private async queueRewardsAtTip(markedAccounts: number): Promise<void> {
    if (!this.atNodeTip(this.store.tipHeight)) return;
    const epoch = this.store.tipEpoch;
    if (epoch !== null && epoch > this.walkQueuedFor) {
      await this.queueEpochWalk(epoch);
      this.walkQueuedFor = epoch;
    } else if (markedAccounts > 0) {
      await this.queueRewardRefresh();
    }
  }

  private async queueRewardRefresh(): Promise<void> {
    await this.queues.rewards.add(
      'accounts',
      { kind: 'accounts' },
      {
        removeOnComplete: true,
        removeOnFail: 1000,
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
      },
    );
  }

  /**
   * Not deduplicated across processes: a walk a killed process left active holds any deduplication id
   * until BullMQ finds it stalled (a minute or more, and a second stall fails it), and this start's walk
   * must not wait behind it. A walk repeated within an epoch (every start at the tip queues one) marks
   * nothing (markRegisteredAccounts) and reads that epoch's snapshots from the ledger again. The retries
   * outlast an Ogmios restart, during which the ledger cannot be queried.
   */
  private async queueEpochWalk(epoch: number): Promise<void> {
    await this.queues.rewards.add(
      'all',
      { kind: 'all', epoch },
      {
        removeOnComplete: true,
        removeOnFail: 1000,
        attempts: 10,
        backoff: { type: 'exponential', delay: 5000 },
      },
    );
  }

  private async recordStatus(): Promise<void> {
    const tip = this.nodeTip;
    const slot = tip === 'origin' ? null : BigInt(tip.slot);
    const height = tip === 'origin' ? null : tip.height;
    await this.prisma.indexerStatus.upsert({
      where: { id: 1 },
      create: { id: 1, network: 'unknown', nodeTipSlot: slot, nodeTipHeight: height },
      update: { nodeTipSlot: slot, nodeTipHeight: height, updatedAt: new Date() },
    });
    const ours = this.store.tipPoint;
    if (tip !== 'origin') this.metrics.tipLagSlots.set(tip.slot - (ours?.slot ?? 0));
  }

  private logProgress(result: WriteResult): void {
    this.progress.blocks += result.blocks;
    this.progress.transactions += result.transactions;
    const now = Date.now();
    const tip = this.nodeTip;
    const ours = this.store.tipPoint;
    const height = this.store.tipHeight ?? 0;
    const atTip = this.atNodeTip(height);
    // Catching up: a line every 5 s; at the tip: one line per block, which is at most every few seconds.
    if (!atTip && now - this.progress.lastLog < 5000) return;
    const seconds = Math.max((now - this.progress.since) / 1000, 0.001);
    const blocksPerSecond = this.progress.blocks / seconds;
    const remaining = tip === 'origin' ? 0 : Math.max(tip.height - height, 0);
    this.logger.info(
      {
        slot: ours?.slot,
        height,
        tipSlot: tip === 'origin' ? null : tip.slot,
        tipHeight: tip === 'origin' ? null : tip.height,
        syncPercent:
          tip === 'origin' || tip.height === 0
            ? 100
            : Math.min(100, Math.round((height / tip.height) * 10000) / 100),
        blocksPerSecond: Math.round(blocksPerSecond),
        txPerSecond: Math.round(this.progress.transactions / seconds),
        etaSeconds: atTip ? 0 : Math.round(remaining / Math.max(blocksPerSecond, 1e-9)),
      },
      atTip ? 'block' : 'syncing',
    );
    this.progress = { blocks: 0, transactions: 0, since: now, lastLog: now };
  }
}
