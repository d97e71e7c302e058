/**
 * The Node flags the indexer runs with: `npm start` (scripts/start.mjs), the benchmark, the package's `start`
 * script and the Docker image (docker/Dockerfile) pass them to `node` before dist/main.js, since V8 takes them
 * only at startup. node-flags.test.ts and docker/test/stack.test.ts check the last two.
 *
 * `--single-threaded-gc`: V8 collects garbage on the main thread only, without its parallel and concurrent
 * helper threads. The indexer shares its cores with PostgreSQL and the chain source, and there the helpers
 * cost more CPU than they save: the ingest benchmark, run with and without the flag, spends less indexer CPU
 * per block with it at the same blocks per second (bench/ANALYSIS.md).
 */
export const INDEXER_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];
