/** Small shared helpers: hex, hashes, and cbor-x decoding in the shape the converters expect. */
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Decoder, Tag } from 'cbor-x';

export { Tag };

/** Decoded CBOR as produced by `decodeCbor` (maps are `Map`s, tag 258 sets are `Set`s). */
export type Cbor = unknown;

// Maps must stay `Map`s: ledger maps have integer and byte-string keys.
const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });

export function decodeCbor(bytes: Uint8Array): Cbor {
  return decoder.decode(bytes);
}

export const hex = bytesToHex;

export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 32 });
}

export function blake2b224(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 28 });
}

/** cbor-x yields `number` up to 32 bits and `bigint` above; quantities are always bigint. */
export function toBigInt(value: Cbor): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new Error(`expected an integer, got ${String(value)}`);
}

/** Slots, indexes, epochs: Ogmios (and its client) keep these as JSON numbers. */
export function toNumber(value: Cbor): number {
  return Number(toBigInt(value));
}

/** Conway encodes sets with tag 258, which cbor-x turns into a `Set`; earlier eras use arrays. */
export function items(value: Cbor): Cbor[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  throw new Error('expected an array or a set');
}

export function bytes(value: Cbor): Uint8Array {
  if (value instanceof Uint8Array) return value;
  throw new Error('expected a byte string');
}

export function map(value: Cbor): Map<Cbor, Cbor> {
  if (value instanceof Map) return value;
  throw new Error('expected a map');
}

/** Tag 30 rational `[numerator, denominator]` as Ogmios' reduced "n/d" (Haskell `Ratio` is always normalised). */
export function ratio(value: Cbor): string {
  const [n, d] = (value instanceof Tag ? value.value : value) as [Cbor, Cbor];
  let a = toBigInt(n);
  let b = toBigInt(d);
  const divisor = gcd(a < 0n ? -a : a, b);
  if (divisor > 1n) {
    a /= divisor;
    b /= divisor;
  }
  return `${a}/${b}`;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function concat(chunks: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.length;
  }
  return result;
}
