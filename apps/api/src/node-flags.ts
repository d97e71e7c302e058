/**
 * The Node flags the API runs with: `npm start` (scripts/start.mjs), the benchmark, the package's `start` script
 * and the Docker image (docker/Dockerfile) pass them to `node` before dist/main.js, since V8 takes them only at
 * startup. node-flags.test.ts and docker/test/stack.test.ts check the last two.
 *
 * `--max-semi-space-size=32`: V8's young generation may grow to twice its default size. A list answer is tens of
 * kilobytes of rows and text, alive from the query until the response is written; under load, the answers of the
 * requests in flight outlived two young collections of the default size, so V8 copied them into the old
 * generation and collected them there, taking the process's time from requests. With the larger young
 * generation they die young (bench/results/history.md, "The API's young generation").
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
