// Child process: frostline's API (createApp) listening on BENCH_PORT, configured from the environment
// exactly as apps/api/dist/main.js is, with rate limits off.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerStallRequests } from '../stalls.js';

// Loaded from the API's build by path: the package declares no library entry points.
const dist = (file: string) => pathToFileURL(path.join(process.env.BENCH_ROOT!, 'apps/api/dist', file)).href;
const { createApp } = (await import(dist('app.js'))) as {
  createApp(
    config: unknown,
  ): Promise<{ listen(port: number, host: string): Promise<unknown>; close(): Promise<void> }>;
};
const { loadConfig } = (await import(dist('config.js'))) as {
  loadConfig(env: Record<string, string | undefined>): { port: number };
};

const config = loadConfig({
  PORT: process.env.BENCH_PORT,
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  NETWORK: 'mainnet',
  API_TOKENS: process.env.BENCH_TOKEN,
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  // Nothing scrapes it here, and two servers run side by side.
  API_METRICS_PORT: '0',
  ADDRESS_UTXO_CACHE_OUTPUTS: process.env.ADDRESS_UTXO_CACHE_OUTPUTS,
  // The node whose mempool GET /mempool reads (the full-mempool row only).
  OGMIOS_URL: process.env.OGMIOS_URL,
});
const app = await createApp(config);
await app.listen(config.port, '127.0.0.1');
answerStallRequests();
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
