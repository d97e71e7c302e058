import { parseCip68Datum, validateCip68Datum } from './cip68.js';
import type { Cip68TokenStandard } from './cip67.js';
import { readFixture } from './test-support/read-fixture.js';

interface DatumVector {
  description: string;
  datum_cbor: string;
  parse_as_standard: Cip68TokenStandard | 'invalid';
  expected: { metadata: unknown; version: number; extra: string | null } | null;
}

const { vectors } = readFixture<{ vectors: DatumVector[] }>('cip68_datum_vectors.json');

describe('parseCip68Datum (blockfrost-utils getMetadataFromOutputDatum vectors)', () => {
  test.each(vectors.map((v) => [v.description, v]))('%s', (_, v) => {
    const parseAs = v.parse_as_standard === 'invalid' ? null : v.parse_as_standard;
    expect(parseCip68Datum(v.datum_cbor, parseAs)).toEqual(v.expected);
  });
});

describe('parseCip68Datum shapes', () => {
  const name = '446e616d65' + '43616263'; // "name": "abc"
  test('needs a constructor with a map and a version', () => {
    expect(parseCip68Datum('a0', 'nft')).toBeNull(); // not a constructor
    expect(parseCip68Datum('d87980', 'nft')).toBeNull(); // no fields
    expect(parseCip68Datum(`d87981a1${name}`, 'nft')).toBeNull(); // no version
    expect(parseCip68Datum('d879820101', 'nft')).toBeNull(); // field 0 is not a map
  });

  test('the constructor index is not checked; a non-integer version gives NaN', () => {
    expect(parseCip68Datum(`d87a82a1${name}40`, 'nft')).toEqual({
      metadata: { name: 'abc' },
      version: NaN,
      extra: null,
    });
  });

  test('integers: JS-safe ones become numbers, bignums keep their CBOR', () => {
    const decimals = '48646563696d616c73'; // "decimals"
    expect(parseCip68Datum(`d87982a2${name}${decimals}1b001fffffffffffff01`, 'ft')!.metadata.decimals).toBe(
      9007199254740991,
    );
    expect(parseCip68Datum(`d87982a2${name}${decimals}1b002000000000000001`, 'ft')!.metadata.decimals).toBe(
      '1b0020000000000000',
    );
    expect(parseCip68Datum(`d87982a2${name}${decimals}c2410501`, 'ft')!.metadata.decimals).toBe('c24105');
  });

  test('non-UTF-8 byte keys render as "[object ArrayBuffer]" like the hosted API', () => {
    expect(parseCip68Datum(`d87982a1${'44deadbeef'}${'426e65'}01`, 'nft')!.metadata).toEqual({
      '[object ArrayBuffer]': '426e65',
    });
  });

  test('a chunk list with a non-bytes item fails the whole datum (utils Buffer.concat throws)', () => {
    // {"image": [h'61', 1]}, version 1
    expect(() => parseCip68Datum('d87982a1' + '45696d616765' + '82416101' + '01', 'nft')).toThrow(TypeError);
  });

  test('CBOR that is not Plutus data throws, like CSL', () => {
    expect(() => parseCip68Datum('d87982a1616101' + '01', 'nft')).toThrow(/Plutus/);
  });
});

describe('validateCip68Datum (openapi validateCIP68Metadata)', () => {
  const nft = { name: 'n', image: 'i' };
  test('version: integer and at most 3, no lower bound', () => {
    expect(
      validateCip68Datum({ metadata: nft, version: 3, extra: null }, 'nft')?.onchain_metadata_standard,
    ).toBe('CIP68v3');
    expect(
      validateCip68Datum({ metadata: nft, version: 0, extra: null }, 'nft')?.onchain_metadata_standard,
    ).toBe('CIP68v0');
    expect(validateCip68Datum({ metadata: nft, version: 4, extra: null }, 'nft')).toBeNull();
    expect(validateCip68Datum({ metadata: nft, version: NaN, extra: null }, 'nft')).toBeNull();
  });

  test('schema per standard', () => {
    expect(validateCip68Datum({ metadata: nft, version: 1, extra: 'ff' }, 'rft')).toEqual({
      onchain_metadata: nft,
      onchain_metadata_standard: 'CIP68v1',
      onchain_metadata_extra: 'ff',
    });
    expect(validateCip68Datum({ metadata: nft, version: 1, extra: null }, 'ft')).toBeNull();
    expect(
      validateCip68Datum({ metadata: { name: 'n', description: 'd' }, version: 1, extra: null }, 'ft'),
    ).not.toBeNull();
  });
});
