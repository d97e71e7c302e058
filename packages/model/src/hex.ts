// Node's native hex codec rather than @noble/hashes' portable one: much faster from a few hundred bytes up
// (datums, metadata and scripts the indexer hashes or decodes for every transaction), where noble's loop showed in
// the indexer's CPU profile. Buffer.from stops at the first pair that is not hex instead of failing, so its length is checked.

/** The bytes of a hex string (either case); throws on an odd length or a character that is not a hex digit. */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw new TypeError(`hex string expected, got ${typeof hex}`);
  if (hex.length % 2 !== 0) throw new Error(`hex string expected, got unpadded hex of length ${hex.length}`);
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length * 2 !== hex.length) throw new Error('hex string expected, got non-hex character');
  // A plain Uint8Array view: a Buffer's slice() shares memory where a Uint8Array's copies.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Lower-case hex of the bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
}

const HEX = /^[A-Fa-f0-9]+$/;

/** Non-empty and only hex digits, either case (the check Blockfrost applies to path params). */
export function isHex(input: string): boolean {
  return HEX.test(input);
}
