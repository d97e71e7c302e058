#!/usr/bin/env node
// The token-registry, nut.link metadata and rewards workers as a process of their own (INDEXER_WORKERS=separate on the
// indexer). It takes no writer lock: these jobs only upsert ledger and registry answers, never chain rows.
import { createPrismaClient } from '@frostline/db';
import { readIndexerConfigOrExit } from './config.js';
import { startHttpServer } from './http.js';
import { redisConnection } from './jobs/queues.js';
import { startJobWorkers } from './jobs/workers.js';
import { createLogger } from './logger.js';
import { IndexerMetrics } from './metrics.js';

const config = readIndexerConfigOrExit(process.env, 'worker');
const logger = createLogger(config.logLevel).child({ role: 'worker' });
const prisma = createPrismaClient(config.databaseUrl, { maxConnections: 4 });
const metrics = new IndexerMetrics();
const workers = startJobWorkers(config, {
  connection: redisConnection(config.redisUrl),
  prefix: config.queuePrefix,
  prisma,
  logger,
  metrics,
});
const server = config.metricsPort
  ? await startHttpServer(config.metricsHost, config.metricsPort, metrics.registry, async () => ({
      ready: true,
      details: {},
    }))
  : null;
logger.info({ queues: workers.map((w) => w.name) }, 'workers started');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    // Worker.close() waits for the jobs in progress.
    await Promise.all(workers.map((worker) => worker.close()));
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await prisma.$disconnect();
    process.exit(0);
  });
}
