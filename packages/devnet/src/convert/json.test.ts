/// <reference types="jest" />
import { convertBlock, parseOgmios, stringifyOgmios } from './index.js';
import { readHexFixture } from './test-support/fixtures.js';

describe('stringifyOgmios / parseOgmios', () => {
  it('writes bigint as bare integers', () => {
    expect(stringifyOgmios({ a: 18446744073709551615n, b: [1n, 'x', null], c: undefined })).toBe(
      '{"a":18446744073709551615,"b":[1,"x",null]}',
    );
  });

  it('reads quantities back as bigint, like @cardano-ogmios/client', () => {
    const parsed = parseOgmios(
      '{"slot":5,"value":{"ada":{"lovelace":2},"ab":{"":3}},"big":9007199254740993,"s":"9007199254740993"}',
    );
    expect(parsed).toEqual({
      slot: 5,
      value: { ada: { lovelace: 2n }, ab: { '': 3n } },
      big: 9007199254740993n,
      s: '9007199254740993',
    });
  });

  it('round-trips converted blocks', () => {
    for (const file of ['babbage4', 'conway1', 'alonzo13', 'byron2', 'mary1']) {
      const block = convertBlock(readHexFixture(`blocks/pallas_blocks/${file}.block`));
      expect(parseOgmios(stringifyOgmios(block))).toEqual(block);
    }
  });
});
