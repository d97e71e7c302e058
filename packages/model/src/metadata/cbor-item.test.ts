import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from './cbor-item.js';

const decode = (hex: string) => decodeCborItem(hexToBytes(hex));

// Plain values of an item, to compare with the examples' diagnostic notation.
function plain(item: CborItem): unknown {
  switch (item.kind) {
    case 'int':
    case 'text':
      return item.value;
    case 'bytes':
      return bytesToHex(item.value);
    case 'array':
      return item.items.map(plain);
    case 'map':
      return item.entries.map(([key, value]) => [plain(key), plain(value)]);
    case 'tag':
      return { tag: item.tag, item: plain(item.item) };
  }
}

describe('decodeCborItem', () => {
  // RFC 8949 Appendix A's examples.
  it.each([
    ['00', 0n],
    ['17', 23n],
    ['1818', 24n],
    ['1903e8', 1000n],
    ['1a000f4240', 1000000n],
    ['1b000000e8d4a51000', 1000000000000n],
    ['1bffffffffffffffff', 18446744073709551615n],
    ['3bffffffffffffffff', -18446744073709551616n],
    ['3903e7', -1000n],
    ['6449455446', 'IETF'],
    ['5f42010243030405ff', '0102030405'],
    ['9f018202039f0405ffff', [1n, [2n, 3n], [4n, 5n]]],
    [
      'a201020304',
      [
        [1n, 2n],
        [3n, 4n],
      ],
    ],
    ['c11a514b67b0', { tag: 1n, item: 1363896240n }],
  ])('reads %s', (hex, expected) => {
    expect(plain(decode(hex))).toEqual(expected);
  });

  it('keeps every item’s own bytes, nested ones included', () => {
    const array = decode('9f018202039f0405ffff');
    expect(bytesToHex(array.raw)).toBe('9f018202039f0405ffff');
    if (array.kind !== 'array') throw new Error('not an array');
    expect(array.items.map((item) => bytesToHex(item.raw))).toEqual(['01', '820203', '9f0405ff']);
  });

  it('reads a length written in more bytes than it needs', () => {
    expect(plain(decode('5b00000000000000020102'))).toBe('0102');
    expect(plain(decode('9a0000000100'))).toEqual([0n]);
  });

  it.each([
    ['00 00', '0000', 'trailing bytes'],
    ['a length past the end', '4301', 'length exceeds input'],
    ['an 8-byte length past 2^53', '5bffffffffffffffff00', 'length exceeds input'],
    ['a truncated argument', '1a0001', 'unexpected end of input'],
    ['reserved additional info', '1c', 'unsupported additional info 28'],
    ['a float', 'f93c00', 'floats and simple values are not supported'],
    ['a chunk of another type', '5f6161ff', 'bad string chunk'],
  ])('rejects %s', (_, hex, message) => {
    expect(() => decode(hex)).toThrow(message);
  });
});
