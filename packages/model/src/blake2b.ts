import { blake2b } from '@noble/hashes/blake2.js';

/** 28-byte digest: key hashes, script hashes, pool ids. */
export function blake2b224(data: Uint8Array): Uint8Array {
  return blake2b(data, { dkLen: 28 });
}

/** 32-byte digest: block, transaction and datum hashes. */
export function blake2b256(data: Uint8Array): Uint8Array {
  return blake2b(data, { dkLen: 32 });
}

/** 20-byte digest: CIP-14 asset fingerprints. */
export function blake2b160(data: Uint8Array): Uint8Array {
  return blake2b(data, { dkLen: 20 });
}
