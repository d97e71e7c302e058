import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import {
  fatalFromReport,
  fatalReport,
  FatalIndexerError,
  isFatal,
  MissingTransactionCborError,
  NoIntersectionError,
  RollbackTooDeepError,
  UnknownRollbackPointError,
} from './errors.js';
import { openQueues, redisConnection, type IndexerQueues } from './jobs/queues.js';
import { runRollbackJob, startRollbackWorker } from './jobs/workers.js';
import { IndexerMetrics } from './metrics.js';
import { silentLogger, testRedisUrl } from './test-support/indexer.js';

describe('fatal errors', () => {
  it('are recognised by class, and named after it', () => {
    const fatal = [
      new RollbackTooDeepError('deep'),
      new UnknownRollbackPointError('unknown'),
      new NoIntersectionError('none'),
      new MissingTransactionCborError('ab'.repeat(32)),
    ];
    for (const error of fatal) {
      expect(isFatal(error)).toBe(true);
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it('are not recognised by name or message', () => {
    const lookalike = Object.assign(new Error('rollback of 9 blocks is deeper than k'), {
      name: 'RollbackTooDeepError',
    });
    expect([new Error('database down'), lookalike, 'RollbackTooDeepError', null].map(isFatal)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('that cross a queue come back as their own class, with their message', () => {
    for (const error of [new RollbackTooDeepError('deep'), new UnknownRollbackPointError('unknown')]) {
      const report = JSON.parse(JSON.stringify(fatalReport(error)));
      const rebuilt = fatalFromReport(report);
      expect(rebuilt).toBeInstanceOf(error.constructor);
      expect(rebuilt.message).toBe(error.message);
    }
    expect(fatalReport(new Error('database down'))).toBeNull();
    expect(fatalReport(new FatalIndexerError('not one that a job meets'))).toBeNull();
  });
});

describe('a rollback job through BullMQ on Redis', () => {
  let queues: IndexerQueues;
  let worker: Worker | null = null;
  const prefix = `errors-test-${randomBytes(4).toString('hex')}`;
  const context = {
    connection: redisConnection(testRedisUrl()),
    prefix,
    logger: silentLogger,
    metrics: new IndexerMetrics(),
  };

  beforeAll(async () => {
    queues = await openQueues(context.connection, silentLogger, prefix);
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(async () => {
    await queues.rollbacks.obliterate({ force: true });
    await queues.close();
  });

  /** Runs one rollback job whose worker's store answers with `rollBackTo`. */
  function roundTrip(rollBackTo: () => Promise<number>): Promise<number> {
    worker = startRollbackWorker({ rollBackTo }, context);
    return runRollbackJob(queues, { slot: 12, id: 'cd'.repeat(32) }, 60_000);
  }

  it('answers the blocks removed', async () => {
    await expect(roundTrip(async () => 3)).resolves.toBe(3);
  });

  it.each([
    ['deeper than k', new RollbackTooDeepError('the node rolls back 9 blocks, deeper than k = 5')],
    [
      'to an unknown point',
      new UnknownRollbackPointError('the node rolls back to a block the index does not hold'),
    ],
  ])('brings back a rollback %s as the same fatal class', async (_, thrown) => {
    const outcome = roundTrip(async () => {
      throw thrown;
    });
    await expect(outcome).rejects.toBeInstanceOf(thrown.constructor);
    await expect(outcome).rejects.toThrow(thrown.message);
  });

  it('fails with any other error, which is not fatal', async () => {
    const failure = await roundTrip(async () => {
      throw new Error('connection terminated');
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('connection terminated');
    expect(isFatal(failure)).toBe(false);
  });
});
