import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem } from './cbor-item.js';
import { renderLabelMetadatumJson, renderMetadatumJson } from './db-sync-json.js';
import { readFixture } from './test-support/read-fixture.js';

interface BlockMetadatum {
  tx_hash: string;
  label: number;
  metadatum_cbor: string;
  json_no_schema_derived: unknown;
}

/** CBOR hex of the value stored under `label` in a {label: value} map (db-sync's tx_metadata.bytes). */
function labelValueCbor(txMetadataCborHex: string, label: number): string {
  const map = decodeCborItem(hexToBytes(txMetadataCborHex));
  if (map.kind !== 'map') throw new Error('not a metadata map');
  const entry = map.entries.find(([key]) => key.kind === 'int' && key.value === BigInt(label));
  return bytesToHex(entry![1].raw);
}

describe('renderMetadatumJson', () => {
  describe.each([['cip25_label721_from_blocks.json'], ['label1968_from_blocks.json']])('%s', (fileName) => {
    const { entries } = readFixture<{ entries: BlockMetadatum[] }>(fileName);
    test.each(entries.map((entry) => [entry.tx_hash, entry]))('tx %s', (_, entry) => {
      expect(renderMetadatumJson(entry.metadatum_cbor)).toEqual(entry.json_no_schema_derived);
    });
  });

  test('SpaceBuds {721: …} CBOR from the RYO unit fixture', () => {
    const fixture = readFixture<{ metadata_cbor: string; json_no_schema_derived: { 721: unknown } }>(
      'cip25_spacebuds_metadata_cbor.json',
    );
    expect(renderMetadatumJson(labelValueCbor(fixture.metadata_cbor, 721))).toEqual(
      fixture.json_no_schema_derived[721],
    );
  });

  test('matches real db-sync output: Blockfrost /txs/{hash}/metadata vs /metadata/cbor (nut.link tx)', () => {
    const { fixtures } = readFixture<{ fixtures: { testName: string; response: unknown }[] }>(
      'blockfrost_e2e_nutlink_fixtures.json',
    );
    const byName = (name: string) => fixtures.find((fixture) => fixture.testName === name)!.response;
    const [json] = byName('txs/:tx - generic shelley with metadata') as {
      label: string;
      json_metadata: unknown;
    }[];
    const [cbor] = byName('txs/:tx/metadata/cbor - generic shelley with metadata cbor') as {
      cbor_metadata: string;
    }[];
    const txMetadataBytes = cbor.cbor_metadata.replace(/^\\x/, '');
    expect(renderMetadatumJson(labelValueCbor(txMetadataBytes, Number(json.label)))).toEqual(
      json.json_metadata,
    );
  });

  test('scalars: ints as numbers (double precision), bytes as 0x-hex, text as is', () => {
    expect(renderMetadatumJson('83' + '1bffffffffffffffff' + '43010203' + '6161')).toEqual([
      18446744073709552000,
      '0x010203',
      'a',
    ]);
    expect(renderMetadatumJson('3903e7')).toBe(-1000);
    expect(renderMetadatumJson('40')).toBe('0x');
  });

  test('map keys: int -> decimal, bytes -> 0x-hex, text as is, list/map -> compact JSON text', () => {
    // {-5: 1, h'ab': 2, "k": 3, [1, h'00', "x"]: 4, {"b": 1, "a": [2]}: 5}
    const cbor =
      'a5' +
      '24' +
      '01' +
      '41ab' +
      '02' +
      '616b' +
      '03' +
      '83014100' +
      '6178' +
      '04' +
      'a2616201616181' +
      '02' +
      '05';
    expect(renderMetadatumJson(cbor)).toEqual({
      '-5': 1,
      '0xab': 2,
      k: 3,
      '[1,"0x00","x"]': 4,
      '{"a":[2],"b":1}': 5, // Aeson sorts object keys
    });
  });

  test('duplicate keys: the last one wins, also across key types that render alike', () => {
    // {1: "int", "1": "text"}
    expect(renderMetadatumJson('a2' + '01' + '63696e74' + '6131' + '6474657874')).toEqual({ 1: 'text' });
  });

  test('"__proto__" is an ordinary key', () => {
    const rendered = renderMetadatumJson('a1' + '695f5f70726f746f5f5f' + '01') as Record<string, unknown>;
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
    expect(Object.keys(rendered)).toEqual(['__proto__']);
  });

  test('U+0000 anywhere (value, key, nested key) makes db-sync store NULL', () => {
    expect(renderMetadatumJson('62' + '6100')).toBeNull();
    expect(renderMetadatumJson('a1' + '6100' + '01')).toBeNull();
    expect(renderMetadatumJson('a1' + '81' + '6100' + '01')).toBeNull();
    expect(renderMetadatumJson('6161')).toBe('a');
  });

  test('only what the rendered JSON keeps counts: a dropped duplicate or another control character does not', () => {
    expect(renderMetadatumJson('a2' + '01' + '626100' + '01' + '6162')).toEqual({ 1: 'b' });
    expect(renderMetadatumJson('a2' + '01' + '6162' + '01' + '626100')).toBeNull();
    expect(renderMetadatumJson('62' + '6101')).toBe('a\u0001');
  });

  test("a literal backslash-u0000 text also hits db-sync's check on the escaped JSON text", () => {
    expect(renderMetadatumJson('66' + bytesToHex(new TextEncoder().encode('\\u0000')))).toBeNull();
  });

  test('rejects CBOR that cannot be metadata', () => {
    expect(() => renderMetadatumJson('d87980')).toThrow(/tags/);
    expect(() => renderMetadatumJson('f5')).toThrow();
    expect(() => renderMetadatumJson('0101')).toThrow(/trailing/);
  });
});

describe('renderLabelMetadatumJson', () => {
  it("renders the value of a label's {label: value} map, with db-sync's NULL rule", () => {
    expect(renderLabelMetadatumJson('a1191acea0')).toEqual({});
    expect(renderLabelMetadatumJson('a1016461626364')).toBe('abcd');
    expect(renderLabelMetadatumJson('a1016100')).toBeNull();
  });

  it('refuses CBOR that is not one label', () => {
    expect(() => renderLabelMetadatumJson('a0')).toThrow(/one metadata label/);
    expect(() => renderLabelMetadatumJson('01')).toThrow(/one metadata label/);
  });
});
