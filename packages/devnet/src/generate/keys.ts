import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** An ed25519 key pair derived from a name, with the hashes the ledger uses. */
export interface KeyPair {
  publicKey: CSL.PublicKey;
  hash: CSL.Ed25519KeyHash;
  /** blake2b-224 of the public key, hex. */
  hashHex: string;
  /** The private key for node:crypto, which signs much faster than CSL's wasm (same RFC 8032 signature). */
  signer: KeyObject;
}

/** 32 deterministic bytes for a name: blake2b-256 of `frostline-devnet/<name>`. */
export function derive(name: string): Uint8Array {
  return blake2b(new TextEncoder().encode(`frostline-devnet/${name}`), { dkLen: 32 });
}

export function keyPair(name: string): KeyPair {
  // A JWK import is much faster than PKCS#8 (OpenSSL's decoders are slow): it matters for thousands of
  // wallets. Node derives the public key from `d`; `x` is only checked to be a string.
  const signer = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(derive(name)).toString('base64url'), x: '' },
    format: 'jwk',
  });
  const publicKey = CSL.PublicKey.from_bytes(Buffer.from(signer.export({ format: 'jwk' }).x!, 'base64url'));
  const hash = publicKey.hash();
  return { publicKey, hash, hashHex: hash.to_hex(), signer };
}

/** An extended (BIP32-Ed25519) key, the kind every Byron key is. */
export interface ByronKey {
  privateKey: CSL.Bip32PrivateKey;
  /** public key ‖ chain code (64 bytes) */
  xpub: Uint8Array;
}

export function byronKey(name: string): ByronKey {
  const privateKey = CSL.Bip32PrivateKey.from_bip39_entropy(derive(name), new Uint8Array());
  return { privateKey, xpub: privateKey.to_public().as_bytes() };
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
