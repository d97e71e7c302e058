import { renderMetadatumJson } from './db-sync-json.js';
import { nutlinkRegistration, nutlinkTickerNames } from './nutlink.js';
import { readFixture } from './test-support/read-fixture.js';

interface E2eFixture {
  testName: string;
  endpoints: string[];
  response: unknown;
}
const { fixtures } = readFixture<{ fixtures: E2eFixture[] }>('blockfrost_e2e_nutlink_fixtures.json');
const labelResponse = (label: number) =>
  fixtures.find(
    (f) =>
      f.testName === 'metadata/txs/labels/label' && f.endpoints[0].startsWith(`metadata/txs/labels/${label}`),
  )!.response as { tx_hash: string; json_metadata: never }[];

describe('nutlinkTickerNames', () => {
  const { entries } = readFixture<{
    entries: { tx_hash: string; metadatum_cbor: string; json_no_schema_derived: object }[];
  }>('label1968_from_blocks.json');
  test.each(entries.map((entry) => [entry.tx_hash, entry]))('label 1968 from blocks, tx %s', (_, entry) => {
    expect(nutlinkTickerNames(renderMetadatumJson(entry.metadatum_cbor))).toEqual({
      kind: 'tickers',
      names: Object.keys(entry.json_no_schema_derived),
    });
  });

  test.each(labelResponse(1968).map((row) => [row.tx_hash, row]))(
    'Blockfrost /metadata/txs/labels/1968, tx %s',
    (_, row) => {
      const result = nutlinkTickerNames(row.json_metadata);
      expect(result.kind).toBe('tickers');
      expect(result.kind === 'tickers' && result.names).toEqual(expect.arrayContaining(['ADAUSD', 'ADAEUR']));
    },
  );

  test('a non-object data point is what makes RYO answer 500', () => {
    expect(nutlinkTickerNames([1, 2])).toEqual({ kind: 'not-an-object' });
    expect(nutlinkTickerNames('ADAUSD')).toEqual({ kind: 'not-an-object' });
    expect(nutlinkTickerNames(7)).toEqual({ kind: 'not-an-object' });
  });

  test('a NULL json (U+0000 in the metadata) has no keys', () => {
    expect(nutlinkTickerNames(null)).toEqual({ kind: 'tickers', names: [] });
  });
});

describe('nutlinkRegistration', () => {
  test.each(labelResponse(1967).map((row) => [row.tx_hash, row]))(
    'Blockfrost /metadata/txs/labels/1967, tx %s',
    (_, row) => {
      const json = row.json_metadata as { metadata: string; hash: string };
      expect(nutlinkRegistration(json)).toEqual({ metadataUrl: json.metadata, metadataHash: json.hash });
    },
  );

  test('as Fastify writes a string field: missing keys or a non-object give "", other values toString()', () => {
    expect(nutlinkRegistration({ metadata: 'https://nut.link/metadata.json' })).toEqual({
      metadataUrl: 'https://nut.link/metadata.json',
      metadataHash: '',
    });
    expect(nutlinkRegistration(['x'])).toEqual({ metadataUrl: '', metadataHash: '' });
    expect(nutlinkRegistration(null)).toEqual({ metadataUrl: '', metadataHash: '' });
    expect(nutlinkRegistration({ metadata: 5, hash: ['a', 'b'] })).toEqual({
      metadataUrl: '5',
      metadataHash: 'a,b',
    });
    expect(nutlinkRegistration({ metadata: { url: 'x' }, hash: '' }).metadataUrl).toBe('[object Object]');
  });
});
