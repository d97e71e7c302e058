import { bytesToHex, hexToBytes } from './hex.js';

describe('hexToBytes and bytesToHex', () => {
  it('reads either case and writes lower case', () => {
    expect(Array.from(hexToBytes('00Ff10'))).toEqual([0x00, 0xff, 0x10]);
    expect(bytesToHex(hexToBytes('DEADbeef'))).toBe('deadbeef');
    expect(hexToBytes('')).toHaveLength(0);
  });

  it('rejects an odd length and characters that are not hex digits, wherever they stand', () => {
    expect(() => hexToBytes('abc')).toThrow('unpadded hex of length 3');
    expect(() => hexToBytes('zz00')).toThrow('non-hex character');
    expect(() => hexToBytes('00zz')).toThrow('non-hex character');
    expect(() => hexToBytes('0 00')).toThrow('non-hex character');
  });

  it('gives a plain Uint8Array whose slice() is a copy, as the portable codec did', () => {
    const bytes = hexToBytes('0102');
    expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
    const copy = bytes.slice();
    copy[0] = 9;
    expect(bytes[0]).toBe(1);
  });

  it('writes only the viewed part of a larger buffer', () => {
    expect(bytesToHex(new Uint8Array([1, 2, 3, 4]).subarray(1, 3))).toBe('0203');
  });
});
