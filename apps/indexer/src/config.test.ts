import { ConfigError, readIndexerConfig } from './config.js';

const ENV = {
  DATABASE_URL: 'postgresql://x@127.0.0.1/db',
  REDIS_URL: 'redis://127.0.0.1',
  OGMIOS_URL: 'ws://127.0.0.1:1337',
};

describe('INDEXER_ALLOW_MISSING_CBOR', () => {
  it('is off unless set to true', () => {
    expect(readIndexerConfig(ENV).allowMissingTxCbor).toBe(false);
    expect(readIndexerConfig({ ...ENV, INDEXER_ALLOW_MISSING_CBOR: 'false' }).allowMissingTxCbor).toBe(false);
    expect(readIndexerConfig({ ...ENV, INDEXER_ALLOW_MISSING_CBOR: 'true' }).allowMissingTxCbor).toBe(true);
  });

  it('refuses anything but true or false', () => {
    expect(() => readIndexerConfig({ ...ENV, INDEXER_ALLOW_MISSING_CBOR: 'yes' })).toThrow(
      new ConfigError('INDEXER_ALLOW_MISSING_CBOR must be "true" or "false", got "yes"'),
    );
  });
});
