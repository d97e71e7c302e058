import { blake2b224 } from './blake2b.js';
import { decodeBech32, encodeBech32 } from './bech32.js';
import { bytesToHex, hexToBytes } from './hex.js';

export type CredentialType = 'key' | 'script';

/** A payment or stake credential: a blake2b-224 key hash or script hash. */
export interface Credential {
  type: CredentialType;
  /** 56 lower-case hex characters. */
  hash: string;
}

export const CREDENTIAL_HASH_BYTES = 28;
const VERIFICATION_KEY_BYTES = 32;

/** CIP-5 prefixes for a bare payment credential. */
const PAYMENT_CREDENTIAL_PREFIXES: Record<CredentialType, string> = { key: 'addr_vkh', script: 'script' };

export function paymentCredentialToBech32(credential: Credential): string {
  return encodeBech32(PAYMENT_CREDENTIAL_PREFIXES[credential.type], credentialHashBytes(credential));
}

/**
 * Reads `addr_vkh1…`, `script1…`, or `addr_vk1…` (a payment verification key, hashed here)
 * into a payment credential.
 */
export function paymentCredentialFromBech32(text: string): Credential | null {
  const decoded = decodeBech32(text);
  if (!decoded) return null;
  const { prefix, bytes } = decoded;
  if ((prefix === 'addr_vkh' || prefix === 'script') && bytes.length === CREDENTIAL_HASH_BYTES) {
    return { type: prefix === 'script' ? 'script' : 'key', hash: bytesToHex(bytes) };
  }
  if (prefix === 'addr_vk' && bytes.length === VERIFICATION_KEY_BYTES) {
    return { type: 'key', hash: bytesToHex(blake2b224(bytes)) };
  }
  return null;
}

export function credentialHashBytes(credential: Credential): Uint8Array {
  const bytes = hexToBytes(credential.hash);
  if (bytes.length !== CREDENTIAL_HASH_BYTES) {
    throw new RangeError(`credential hash must be ${CREDENTIAL_HASH_BYTES} bytes, got ${bytes.length}`);
  }
  return bytes;
}
