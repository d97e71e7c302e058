import { blake2b160 } from './blake2b.js';
import { encodeBech32 } from './bech32.js';
import { hexToBytes } from './hex.js';

/** CIP-14 asset fingerprint (`asset1…`) of a policy id and hex asset name (which may be empty). */
export function assetFingerprint(policyId: string, assetName: string): string {
  return encodeBech32('asset', blake2b160(hexToBytes(policyId + assetName)));
}
