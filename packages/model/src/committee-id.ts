import { decodeBech32, encodeBech32 } from './bech32.js';
import { CREDENTIAL_HASH_BYTES, credentialHashBytes, type Credential } from './credential.js';
import { BlockfrostError } from './errors.js';
import { bytesToHex } from './hex.js';

export const INVALID_CC_ID_MESSAGE = 'Invalid or malformed cc credential id.';

// CIP-129 header: upper nibble 0x0 = committee hot key, 0x1 = committee cold key; lower nibble 0x2 = key
// hash, 0x3 = script hash.
const ROLE_NIBBLE = { hot: 0x00, cold: 0x10 } as const;

/** A committee credential's CIP-129 id: `cc_hot1…` or `cc_cold1…`. */
export function committeeCredentialId(role: 'hot' | 'cold', credential: Credential): string {
  const header = ROLE_NIBBLE[role] | (credential.type === 'key' ? 0x2 : 0x3);
  return encodeBech32(`cc_${role}`, Uint8Array.of(header, ...credentialHashBytes(credential)));
}

/**
 * A `{cc_id}` path parameter read as Blockfrost reads it: a CIP-129 `cc_hot1…` or `cc_cold1…` of a header byte
 * whose role matches the prefix and a 28-byte hash; Blockfrost reads no hex form here. Throws Blockfrost's 400
 * otherwise.
 */
export function parseCommitteeIdParam(input: string): { role: 'hot' | 'cold'; credential: Credential } {
  const decoded = decodeBech32(input);
  const role = decoded?.prefix === 'cc_hot' ? 'hot' : decoded?.prefix === 'cc_cold' ? 'cold' : null;
  const header = decoded?.bytes[0] ?? 0;
  const type = (header & 0x0f) === 0x2 ? 'key' : (header & 0x0f) === 0x3 ? 'script' : null;
  if (
    decoded === null ||
    role === null ||
    type === null ||
    (header & 0xf0) !== ROLE_NIBBLE[role] ||
    decoded.bytes.length !== 1 + CREDENTIAL_HASH_BYTES
  )
    throw new BlockfrostError(400, INVALID_CC_ID_MESSAGE);
  return { role, credential: { type, hash: bytesToHex(decoded.bytes.subarray(1)) } };
}
