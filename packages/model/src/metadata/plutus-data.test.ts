import { renderScriptDataJson } from './plutus-data.js';

describe('renderScriptDataJson', () => {
  it.each([
    ['unit constructor', 'd87980', { fields: [], constructor: 0 }],
    ['constructor 6 (last compact tag)', 'd87f80', { fields: [], constructor: 6 }],
    ['constructor 7 (tag 1280)', 'd9050080', { fields: [], constructor: 7 }],
    ['constructor 200 (tag 102)', 'd8668218c880', { fields: [], constructor: 200 }],
    ['indefinite list of ints', '9f0000000000ff', { list: [0, 0, 0, 0, 0].map((int) => ({ int })) }],
    ['negative int', '3903e7', { int: -1000 }],
    ['bignum (tag 2)', 'c249010000000000000000', { int: 2 ** 64 }],
    ['chunked bytes', '5f4201024103ff', { bytes: '010203' }],
    [
      'map with constructor field',
      'd8799fa1410a01ff',
      { fields: [{ map: [{ k: { bytes: '0a' }, v: { int: 1 } }] }], constructor: 0 },
    ],
  ])('%s', (_name, cbor, json) => {
    expect(renderScriptDataJson(cbor)).toEqual(json);
  });

  it('puts keys in jsonb order, as Blockfrost returns them', () => {
    expect(Object.keys(renderScriptDataJson('d87980'))).toEqual(['fields', 'constructor']);
    expect(Object.keys((renderScriptDataJson('a10102') as { map: object[] }).map[0]!)).toEqual(['k', 'v']);
  });

  it.each([
    ['a text string', '6161'],
    ['an unknown tag', 'd8ff80'],
    ['malformed CBOR', '9f00'],
  ])('throws on %s', (_name, cbor) => {
    expect(() => renderScriptDataJson(cbor)).toThrow();
  });
});
