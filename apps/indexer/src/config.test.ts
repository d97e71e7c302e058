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

describe('catch-up batch bounds', () => {
  it('default to 2,000 blocks and 40,000 transactions, whichever a batch reaches first', () => {
    const config = readIndexerConfig(ENV);
    expect([config.batchSize, config.batchTransactions]).toEqual([2000, 40_000]);
    const set = readIndexerConfig({ ...ENV, INDEXER_BATCH_SIZE: '50', INDEXER_BATCH_TRANSACTIONS: '3000' });
    expect([set.batchSize, set.batchTransactions]).toEqual([50, 3000]);
  });

  it('refuses a bound below one transaction', () => {
    expect(() => readIndexerConfig({ ...ENV, INDEXER_BATCH_TRANSACTIONS: '0' })).toThrow(
      new ConfigError('INDEXER_BATCH_TRANSACTIONS must be an integer ≥ 1, got "0"'),
    );
  });
});

describe('off-chain fetches', () => {
  it('refuse non-public destinations unless OFF_CHAIN_FETCH_ALLOW_PRIVATE is true', () => {
    expect(readIndexerConfig(ENV).offChainFetchAllowPrivate).toBe(false);
    expect(
      readIndexerConfig({ ...ENV, OFF_CHAIN_FETCH_ALLOW_PRIVATE: 'true' }).offChainFetchAllowPrivate,
    ).toBe(true);
    expect(() => readIndexerConfig({ ...ENV, OFF_CHAIN_FETCH_ALLOW_PRIVATE: '1' })).toThrow(
      new ConfigError('OFF_CHAIN_FETCH_ALLOW_PRIVATE must be "true" or "false", got "1"'),
    );
  });

  it('refresh pool metadata daily by default, and not at all with POOL_METADATA_REFRESH_MS=0', () => {
    expect(readIndexerConfig(ENV).poolMetadataRefreshMs).toBe(86_400_000);
    expect(readIndexerConfig({ ...ENV, POOL_METADATA_REFRESH_MS: '0' }).poolMetadataRefreshMs).toBe(0);
  });

  it('refresh nut.link metadata daily by default, and not at all with NUTLINK_METADATA_REFRESH_MS=0', () => {
    expect(readIndexerConfig(ENV).nutlinkMetadataRefreshMs).toBe(86_400_000);
    expect(readIndexerConfig({ ...ENV, NUTLINK_METADATA_REFRESH_MS: '0' }).nutlinkMetadataRefreshMs).toBe(0);
    expect(() => readIndexerConfig({ ...ENV, NUTLINK_METADATA_REFRESH_MS: '-1' })).toThrow(
      new ConfigError('NUTLINK_METADATA_REFRESH_MS must be an integer ≥ 0, got "-1"'),
    );
  });
});
