import { blake2b224 } from './blake2b.js';
import { BlockfrostError } from './errors.js';
import { bech32Prefix, decodeBech32, encodeBech32 } from './bech32.js';
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

/** The longest hex `{pool_id}` Blockfrost accepts: its bech32 (90 characters at most) must hold the bytes. */
const MAX_HEX_POOL_ID_BYTES = 49;

/**
 * The pool hash (hex) a `{pool_id}` path parameter names, as Blockfrost reads it: hex is taken as the pool's
 * bytes (an odd last digit dropped, as Node's Buffer does), anything else must be bech32 with the `pool`
 * prefix. Null for a well-formed id no pool can have (not 28 bytes, or an upper-case bech32, which RYO
 * looks up as written and never finds). Throws Blockfrost's 400 for a malformed one.
 */
export function parsePoolIdParam(param: string): string | null {
  if (/^[0-9a-fA-F]+$/.test(param)) {
    const bytes = Math.floor(param.length / 2);
    if (bytes > MAX_HEX_POOL_ID_BYTES) throw malformedPoolId();
    return bytes === CREDENTIAL_HASH_BYTES ? param.slice(0, bytes * 2).toLowerCase() : null;
  }
  if (bech32Prefix(param) !== 'pool') throw malformedPoolId();
  return param === param.toLowerCase() ? poolIdToHash(param) : null;
}

function malformedPoolId(): BlockfrostError {
  return new BlockfrostError(400, 'Invalid or malformed pool id format.');
}
