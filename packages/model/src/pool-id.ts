import { blake2b224 } from './blake2b.js';
import { decodeBech32, encodeBech32 } from './bech32.js';
import { CREDENTIAL_HASH_BYTES } from './credential.js';
import { bytesToHex, hexToBytes } from './hex.js';

/** `pool1…` for a 28-byte pool (cold key) hash in hex. */
export function poolIdFromHash(poolHash: string): string {
  return encodeBech32('pool', hexToBytes(poolHash));
}

/** Pool id of a block issuer: the hash of its cold verification key (Ogmios `issuer.verificationKey`). */
export function poolIdFromColdKey(coldVerificationKey: string): string {
  return encodeBech32('pool', blake2b224(hexToBytes(coldVerificationKey)));
}

/** Hex pool hash of a `pool1…` id, or null if it is not one. */
export function poolIdToHash(poolId: string): string | null {
  const decoded = decodeBech32(poolId);
  return decoded?.prefix === 'pool' && decoded.bytes.length === CREDENTIAL_HASH_BYTES
    ? bytesToHex(decoded.bytes)
    : null;
}
