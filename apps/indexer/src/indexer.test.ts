import type { PrismaClient } from '@frostline/db';
import type { DecodedBlock, OgmiosBlock } from '@frostline/model';
import { Indexer } from './indexer.js';
import type { IndexerQueues, RewardsJob } from './jobs/queues.js';
import { IndexerMetrics } from './metrics.js';
import type { WriteResult } from './sink/batch-writer.js';
import type { ChainStore } from './sink/chain-store.js';
import { silentLogger } from './test-support/indexer.js';

/** A store whose writes finish when the test says so: what the indexer overlaps and orders. */
class ControlledStore {
  decoded: number[] = [];
  writes: { heights: number[]; blocksLeft: number | null; finish: (error?: Error) => void }[] = [];
  committed: number[] = [];
  tipHeight: number | null = null;
  tipEpoch: number | null = null;
  tipPoint: { slot: number; id: string } | null = null;

  decode(block: OgmiosBlock): DecodedBlock {
    this.decoded.push(block.height);
    return { height: block.height, transactions: block.transactions ?? [] } as unknown as DecodedBlock;
  }

  /** As if every block up to `height` had been written before the test (slot = height). */
  committedUpTo(height: number): void {
    this.tipHeight = height;
    this.tipEpoch = epochOf(height);
    this.tipPoint = { slot: height, id: `${height}` };
  }

  async load(): Promise<void> {}

  async intersectionPoints() {
    return [];
  }

  writeDecoded(blocks: DecodedBlock[], _decodeMs: number, blocksLeft: number | null): Promise<WriteResult> {
    const heights = blocks.map((b) => b.height!);
    return new Promise((resolve, reject) => {
      this.writes.push({
        heights,
        blocksLeft,
        finish: (error) => {
          if (error) return reject(error);
          this.committed.push(...heights);
          this.committedUpTo(heights.at(-1)!);
          const result: WriteResult = {
            newAssets: [],
            markedAccounts: heights.length,
            blocks: heights.length,
            transactions: 0,
            outputs: 0,
            rows: 0,
            decodeMs: 0,
            databaseMs: 0,
            addressUtxo: { deferred: false, change: null, fillMs: 0 },
          };
          resolve(result);
        },
      });
    });
  }
}

/** The test chain's epochs: 100 blocks each. */
const epochOf = (height: number) => Math.floor(height / 100);
const block = (height: number, transactions = 0) =>
  ({
    id: `${height}`,
    height,
    slot: height,
    transactions: Array(transactions).fill({}),
  }) as unknown as OgmiosBlock;
const farTip = { slot: 1_000_000, id: 'tip', height: 1_000_000 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

function indexerOn(
  store: ControlledStore,
  {
    batchSize = 3,
    batchTransactions = 1000,
    maxBatchDelayMs = 60_000,
    rewardJobs = [] as RewardsJob[],
    statusUpdates = [] as unknown[],
  } = {},
) {
  const prisma = {
    indexerStatus: { upsert: async ({ update }: { update: unknown }) => statusUpdates.push(update) },
  } as unknown as PrismaClient;
  const queues = { rewards: { add: async (_name: string, job: RewardsJob) => rewardJobs.push(job) } };
  return new Indexer(
    store as unknown as ChainStore,
    prisma,
    queues as unknown as IndexerQueues,
    { assertHeld: () => undefined, held: async () => undefined },
    silentLogger,
    new IndexerMetrics(),
    {
      batchSize,
      batchTransactions,
      startPoint: 'origin',
      nearTipBlocks: 10,
      maxBatchDelayMs,
      tokenRegistry: false,
      nutlinkMetadata: false,
      poolMetadata: false,
    },
  );
}

describe('Indexer catching up', () => {
  it('decodes the next batch while the previous one is written, one write at a time, in order', async () => {
    const store = new ControlledStore();
    const indexer = indexerOn(store);
    for (const height of [1, 2, 3]) await indexer.rollForward(block(height), farTip);
    await settle();
    expect(store.writes.map((w) => w.heights)).toEqual([[1, 2, 3]]);

    // The first write is still in flight: the next blocks are taken and decoded meanwhile…
    for (const height of [4, 5]) await indexer.rollForward(block(height), farTip);
    expect(store.decoded).toEqual([1, 2, 3, 4, 5]);
    // …and a full second batch waits for the first write instead of starting a second one.
    let sixthTaken = false;
    const sixth = indexer.rollForward(block(6), farTip).then(() => (sixthTaken = true));
    await settle();
    expect(sixthTaken).toBe(false);
    expect(store.writes).toHaveLength(1);

    store.writes[0]!.finish();
    await sixth;
    await settle();
    expect(store.writes.map((w) => w.heights)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const flushed = indexer.flush();
    store.writes[1]!.finish();
    await flushed;
    expect(store.committed).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('tells the store how many blocks the node has after a batch far from its tip, and nothing near it', async () => {
    const store = new ControlledStore();
    const indexer = indexerOn(store);
    const tip = { slot: 25, id: 'tip', height: 25 };
    for (const height of [1, 2, 3]) await indexer.rollForward(block(height), tip);
    await settle();
    store.writes[0]!.finish();
    // 15 is the first block within nearTipBlocks (10) of the tip: the blocks before it are written with it.
    for (const height of [4, 5, 6]) await indexer.rollForward(block(height), tip);
    await settle();
    store.writes[1]!.finish();
    const nearTip = indexer.rollForward(block(15), tip);
    await settle();
    store.writes[2]!.finish();
    await nearTip;
    expect(store.writes.map((w) => [w.heights.at(-1), w.blocksLeft])).toEqual([
      [3, 22],
      [6, 19],
      [15, null],
    ]);
  });

  it('does not cut a batch short for waiting while the previous one is being written', async () => {
    const store = new ControlledStore();
    const indexer = indexerOn(store, { batchSize: 4, maxBatchDelayMs: 20 });
    for (const height of [1, 2, 3, 4]) await indexer.rollForward(block(height), farTip);
    await settle();
    await indexer.rollForward(block(5), farTip);
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Block 5 waited longer than the delay, but for the database: blocks are flowing.
    await indexer.rollForward(block(6), farTip);
    store.writes[0]!.finish();
    await settle();
    await indexer.rollForward(block(7), farTip);
    await settle();
    expect(store.writes).toHaveLength(1);
    // Block 8 fills the batch.
    const flushed = indexer.rollForward(block(8), farTip).then(() => indexer.flush());
    await settle();
    expect(store.writes.map((w) => w.heights)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    store.writes[1]!.finish();
    await flushed;
    expect(store.committed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('after a failed write, drops what was buffered after it and fails the next message', async () => {
    const store = new ControlledStore();
    const indexer = indexerOn(store);
    for (const height of [1, 2, 3, 4]) await indexer.rollForward(block(height), farTip);
    await settle();
    store.writes[0]!.finish(new Error('database went away'));
    await settle();

    await expect(indexer.rollForward(block(5), farTip)).rejects.toThrow('database went away');
    // What the follower does next: reconnect and ask where to resume. Nothing of the failed
    // batch's successors is written out of order.
    await indexer.intersectionPoints();
    expect(store.writes).toHaveLength(1);
    expect(store.committed).toEqual([]);
  });

  it('records the node tip an intersection tells, though a restart at the tip has no block to write', async () => {
    const store = new ControlledStore();
    const statusUpdates: unknown[] = [];
    const indexer = indexerOn(store, { statusUpdates });
    store.committedUpTo(250);
    await indexer.rollBackward({ slot: 250, id: '250' }, { slot: 252, id: '252', height: 252 });
    expect(statusUpdates).toEqual([{ nodeTipSlot: 252n, nodeTipHeight: 252, updatedAt: expect.any(Date) }]);
  });

  it('ends a batch at its transaction bound before its block bound, and counts afresh after it', async () => {
    const store = new ControlledStore();
    const indexer = indexerOn(store, { batchSize: 100, batchTransactions: 500 });
    await indexer.rollForward(block(1, 200), farTip);
    await indexer.rollForward(block(2, 200), farTip);
    await settle();
    expect(store.writes).toHaveLength(0);
    // 600 transactions: over the bound with the block that crossed it.
    await indexer.rollForward(block(3, 200), farTip);
    await settle();
    for (const height of [4, 5]) await indexer.rollForward(block(height, 200), farTip);
    store.writes[0]!.finish();
    await settle();
    expect(store.writes.map((w) => w.heights)).toEqual([[1, 2, 3]]);
    const flushed = indexer.rollForward(block(6, 200), farTip).then(() => indexer.flush());
    await settle();
    store.writes[1]!.finish();
    await flushed;
    expect(store.committed).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('Indexer reward refreshes', () => {
  const walks = (jobs: RewardsJob[]) => jobs.filter((job) => job.kind === 'all');

  it('wait while catching up across epochs; at the tip one walk for its epoch, then the marked accounts', async () => {
    const store = new ControlledStore();
    const rewardJobs: RewardsJob[] = [];
    const indexer = indexerOn(store, { batchSize: 50, rewardJobs });
    const tip = { slot: 330, id: '330', height: 330 };
    let finished = 0;
    const finishWrites = () => {
      for (; finished < store.writes.length; finished++) store.writes[finished]!.finish();
    };
    const writes = async (heights: number[]) => {
      for (const height of heights) {
        const taken = indexer.rollForward(block(height), tip);
        await settle();
        finishWrites();
        await taken;
      }
      const flushed = indexer.flush();
      await settle();
      finishWrites();
      await flushed;
    };
    // Epochs 0 to 3 crossed in batches of 50 blocks, more than 10 blocks behind the node's tip.
    await writes(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(store.committed).toHaveLength(300);
    expect(rewardJobs).toEqual([]);

    // Within 10 blocks of the tip every block is written on its own: one walk, for the tip's epoch (it
    // also refreshes the accounts marked so far), then a refresh of each block's marked accounts.
    await writes(Array.from({ length: 30 }, (_, i) => 301 + i));
    expect(walks(rewardJobs)).toEqual([{ kind: 'all', epoch: 3 }]);
    expect(rewardJobs[0]).toEqual({ kind: 'all', epoch: 3 });
    expect(rewardJobs.length).toBeGreaterThan(1);
    expect(rewardJobs.slice(1).every((job) => job.kind === 'accounts')).toBe(true);
  });

  it('are queued by a restart at the tip, from the intersection chain-sync answers first', async () => {
    const store = new ControlledStore();
    const rewardJobs: RewardsJob[] = [];
    const indexer = indexerOn(store, { rewardJobs });
    store.committedUpTo(250);
    await indexer.rollBackward({ slot: 250, id: '250' }, { slot: 1_000, id: 'far', height: 1_000 });
    expect(walks(rewardJobs)).toEqual([]);
    await indexer.rollBackward({ slot: 250, id: '250' }, { slot: 252, id: '252', height: 252 });
    expect(walks(rewardJobs)).toEqual([{ kind: 'all', epoch: 2 }]);
  });
});
