import { ConfigError, loadConfig } from './config.js';
import { createApp } from './app.js';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`@frostline/api: ${error.message}`);
  process.exit(1);
}

// enableShutdownHooks() in createApp closes the app on SIGTERM/SIGINT: Fastify stops accepting
// connections, finishes in-flight requests, then the database and Redis connections are closed.
const app = await createApp(config);
await app.listen({ port: config.port, host: '0.0.0.0' });
