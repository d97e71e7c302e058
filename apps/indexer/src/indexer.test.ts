import type { PrismaClient } from '@frostline/db';
import type { DecodedBlock, OgmiosBlock } from '@frostline/model';
import { Indexer } from './indexer.js';
import type { IndexerQueues } from './jobs/queues.js';
import { IndexerMetrics } from './metrics.js';
import type { ChainStore, WriteResult } from './sink/chain-store.js';
import { silentLogger } from './test-support/indexer.js';

/** A store whose writes finish when the test says so: what the indexer overlaps and orders. */
class ControlledStore {
  decoded: number[] = [];
  writes: { heights: number[]; finish: (error?: Error) => void }[] = [];
  committed: number[] = [];
  tipHeight: number | null = null;
  tipPoint = null;

  decode(block: OgmiosBlock): DecodedBlock {
    this.decoded.push(block.height);
    return { height: block.height } as unknown as DecodedBlock;
  }

  async load(): Promise<void> {}

  async intersectionPoints() {
    return [];
  }

  writeDecoded(blocks: DecodedBlock[]): Promise<WriteResult> {
    const heights = blocks.map((b) => b.height!);
    return new Promise((resolve, reject) => {
      this.writes.push({
        heights,
        finish: (error) => {
          if (error) return reject(error);
          this.committed.push(...heights);
          const result: WriteResult = {
            newAssets: [],
            markedAccounts: 0,
            newEpoch: null,
            blocks: heights.length,
            transactions: 0,
            outputs: 0,
            rows: 0,
            decodeMs: 0,
            databaseMs: 0,
          };
          resolve(result);
        },
      });
    });
  }
}

const block = (height: number) => ({ id: `${height}`, height, slot: height }) as unknown as OgmiosBlock;
const farTip = { slot: 1_000_000, id: 'tip', height: 1_000_000 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

function indexerOn(store: ControlledStore, { batchSize = 3, maxBatchDelayMs = 60_000 } = {}) {
  const prisma = { indexerStatus: { upsert: async () => undefined } } as unknown as PrismaClient;
  return new Indexer(
    store as unknown as ChainStore,
    prisma,
    {} as IndexerQueues,
    { assertHeld: () => undefined, held: async () => undefined },
    silentLogger,
    new IndexerMetrics(),
    { batchSize, startPoint: 'origin', nearTipBlocks: 10, maxBatchDelayMs, tokenRegistry: false },
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
});
