import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { ConfigError, readIndexerConfig } from './config.js';
import { startHttpServer } from './http.js';

const ENV = {
  DATABASE_URL: 'postgresql://x@127.0.0.1/db',
  REDIS_URL: 'redis://127.0.0.1',
  OGMIOS_URL: 'ws://127.0.0.1:1337',
};

describe('the metrics HTTP server', () => {
  it('binds loopback unless INDEXER_METRICS_HOST says otherwise', async () => {
    const { metricsHost } = readIndexerConfig(ENV);
    const server = await startHttpServer(metricsHost, 0, new Registry(), async () => ({
      ready: true,
      details: {},
    }));
    try {
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      server.close();
    }
    expect(readIndexerConfig({ ...ENV, INDEXER_METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('refuses an INDEXER_METRICS_HOST that is not an IP address', () => {
    expect(() => readIndexerConfig({ ...ENV, INDEXER_METRICS_HOST: 'anywhere' })).toThrow(
      new ConfigError('INDEXER_METRICS_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::), got "anywhere"'),
    );
  });
});
