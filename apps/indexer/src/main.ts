#!/usr/bin/env node
import { startIndexer } from './app.js';
import { readIndexerConfigOrExit } from './config.js';
import { FATAL_EXIT_CODE, isFatal } from './errors.js';
import { createLogger } from './logger.js';
import { WriterLockTakenError } from './sink/writer-lock.js';

const config = readIndexerConfigOrExit(process.env, 'indexer');
const logger = createLogger(config.logLevel);
let running: Awaited<ReturnType<typeof startIndexer>> | undefined;
// Listening before the start, so that a stop asked for while starting (a container stopped early) is
// as graceful as one asked for later: it takes effect as soon as the indexer runs.
let stopAsked = false;
const stop = () => running!.stop().then(() => process.exit(0));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'stopping');
    if (running) void stop();
    else stopAsked = true;
  });
}
try {
  running = await startIndexer(config, logger);
} catch (error) {
  if (error instanceof WriterLockTakenError) {
    console.error(`indexer: ${error.message}`);
    process.exit(3);
  }
  logger.fatal({ err: error }, 'indexer could not start');
  process.exit(1);
}
if (stopAsked) await stop();
running.done.catch(async (error) => {
  // What a restart would meet again (a rollback deeper than k, Ogmios without --include-cbor, …) is
  // for the operator: one line, no stack, and a status that tells supervisors not to restart.
  if (isFatal(error)) console.error(`indexer: stopped: ${error.message}`);
  else logger.fatal({ err: error }, 'indexer stopped on an unrecoverable error');
  // Another indexer holds the writer lock: nothing buffered may be written; a restart resumes from what was committed.
  if (!(error instanceof WriterLockTakenError)) await running.stop();
  process.exit(isFatal(error) ? FATAL_EXIT_CODE : 1);
});
