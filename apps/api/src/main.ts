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

let app;
try {
  app = await createApp(config);
} catch (error) {
  console.error(`@frostline/api: ${(error as Error).message}`);
  process.exit(1);
}

// SIGTERM (docker stop) and SIGINT: app.close() stops accepting connections, lets in-flight requests
// finish, then closes the database and Redis connections; exit 0 is a clean stop. (Nest's
// enableShutdownHooks would re-raise the signal after closing, so the exit status would say "killed".)
// Installed before listen(): the server answers requests before listen() resolves.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('@frostline/api: shutdown failed', error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  const reason = code === 'EADDRINUSE' ? 'the port is already in use' : message;
  console.error(`@frostline/api: cannot listen on ${config.host}:${config.port}: ${reason}`);
  process.exit(1);
}
// A parent with an IPC channel (`npm start`) learns that this API, not another server on PORT, listens.
process.send?.({ listening: { host: config.host, port: config.port } });
