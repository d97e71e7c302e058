import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** PKCS#8 prefix of a raw 32-byte ed25519 seed (RFC 8410). */
const PKCS8_ED25519 = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** An ed25519 key pair derived from a name, with the hashes the ledger uses. */
export interface KeyPair {
  /** The CSL key (PrivateKey.from_normal_bytes), source of the public key. */
  privateKey: CSL.PrivateKey;
  publicKey: CSL.PublicKey;
  hash: CSL.Ed25519KeyHash;
  /** blake2b-224 of the public key, hex. */
  hashHex: string;
  /** Same key for node:crypto, which signs ~20× faster than CSL's wasm (same RFC 8032 signature). */
  signer: KeyObject;
}

/** 32 deterministic bytes for a name: blake2b-256 of `frostline-devnet/<name>`. */
export function derive(name: string): Uint8Array {
  return blake2b(new TextEncoder().encode(`frostline-devnet/${name}`), { dkLen: 32 });
}

export function keyPair(name: string): KeyPair {
  const seed = derive(name);
  const privateKey = CSL.PrivateKey.from_normal_bytes(seed);
  const publicKey = privateKey.to_public();
  const hash = publicKey.hash();
  const der = new Uint8Array(PKCS8_ED25519.length + seed.length);
  der.set(PKCS8_ED25519);
  der.set(seed, PKCS8_ED25519.length);
  const signer = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey, hash, hashHex: hash.to_hex(), signer };
}

/** The vkey witness of `key` over a transaction body hash. */
export function witness(key: KeyPair, bodyHash: Uint8Array): CSL.Vkeywitness {
  const signature = CSL.Ed25519Signature.from_bytes(sign(null, bodyHash, key.signer));
  return CSL.Vkeywitness.new(CSL.Vkey.new(key.publicKey), signature);
}

export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 32 });
}

export function blake2b224(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 28 });
}

export const toHex = bytesToHex;
