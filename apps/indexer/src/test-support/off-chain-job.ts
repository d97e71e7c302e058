import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { QueueEvents, type Queue, type Worker } from 'bullmq';
import { IndexerMetrics } from '../metrics.js';
import { openQueues, redisConnection, type IndexerQueues } from '../jobs/queues.js';
import type { WorkerContext } from '../jobs/workers.js';
import { silentLogger, testRedisUrl } from './indexer.js';

/** An off-chain metadata job's worker on real Redis and PostgreSQL, and a loopback server of files to fetch. */
export interface OffChainJobHarness<T extends { kind: string }> {
  /** what the server answers, by request path */
  files: Map<string, { status: number; body: string }>;
  /** the server's URL, to which the paths are appended */
  base: string;
  prisma: PrismaClient;
  /** queues `job` and waits until the worker has done it */
  run(job: T): Promise<void>;
  /** queues `job` without waiting */
  queue(job: T): Promise<void>;
  /** closes the worker as a stopping indexer does: it finishes its job in progress */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function offChainJobHarness<T extends { kind: string }>(
  queueName: string,
  queueOf: (queues: IndexerQueues) => Queue<T>,
  startWorker: (context: WorkerContext) => Worker<T>,
): Promise<OffChainJobHarness<T>> {
  const files = new Map<string, { status: number; body: string }>();
  const server = createServer((request, response) => {
    const file = files.get(request.url!) ?? { status: 404, body: 'not found' };
    response.writeHead(file.status, { 'content-type': 'application/json' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url);
  const connection = redisConnection(testRedisUrl());
  const prefix = `${queueName}-test-${randomBytes(4).toString('hex')}`;
  const queues = await openQueues(connection, silentLogger, prefix);
  const events = new QueueEvents(queueName, { connection, prefix });
  await events.waitUntilReady();
  const worker = startWorker({
    connection,
    prefix,
    prisma,
    logger: silentLogger,
    metrics: new IndexerMetrics(),
  });
  const queue = queueOf(queues);
  return {
    files,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    prisma,
    async run(job) {
      // BullMQ's typing of a job's name and data does not follow a generic queue's.
      const queued = await (queue as Queue).add(job.kind, job, { removeOnFail: 10 });
      await queued.waitUntilFinished(events, 30_000);
    },
    async queue(job) {
      await (queue as Queue).add(job.kind, job, { removeOnFail: 10 });
    },
    stopWorker: () => worker.close(),
    async close() {
      await worker.close();
      await queue.obliterate({ force: true });
      await events.close();
      await queues.close();
      await prisma.$disconnect();
      await db.drop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
