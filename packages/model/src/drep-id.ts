import { decodeBech32, encodeBech32 } from './bech32.js';
import { CREDENTIAL_HASH_BYTES, credentialHashBytes, type Credential } from './credential.js';
import { bytesToHex } from './hex.js';

export const DREP_ALWAYS_ABSTAIN = 'drep_always_abstain';
export const DREP_ALWAYS_NO_CONFIDENCE = 'drep_always_no_confidence';

/** A vote delegation target, shaped like Ogmios' `delegateRepresentative`. */
export type DRep =
  { type: 'registered'; credential: Credential } | { type: 'abstain' } | { type: 'noConfidence' };

// CIP-129 header: upper nibble 0x2 = DRep, lower nibble 0x2 = key hash, 0x3 = script hash.
const KEY_HEADER = 0x22;
const SCRIPT_HEADER = 0x23;

/** Blockfrost `drep_id`: CIP-129 `drep1…`, or one of the two predefined DRep names. */
export function drepId(drep: DRep): string {
  switch (drep.type) {
    case 'abstain':
      return DREP_ALWAYS_ABSTAIN;
    case 'noConfidence':
      return DREP_ALWAYS_NO_CONFIDENCE;
    case 'registered':
      return drepIdFromCredential(drep.credential);
  }
}

export function drepIdFromCredential(credential: Credential): string {
  const header = credential.type === 'key' ? KEY_HEADER : SCRIPT_HEADER;
  return encodeBech32('drep', Uint8Array.of(header, ...credentialHashBytes(credential)));
}

/** Credential of a CIP-129 `drep1…` id; null for anything else, including the legacy CIP-105 form. */
export function drepIdToCredential(id: string): Credential | null {
  const decoded = decodeBech32(id);
  if (decoded?.prefix !== 'drep' || decoded.bytes.length !== 1 + CREDENTIAL_HASH_BYTES) return null;
  const [header, ...hash] = decoded.bytes;
  const hashHex = bytesToHex(Uint8Array.from(hash));
  if (header === KEY_HEADER) return { type: 'key', hash: hashHex };
  if (header === SCRIPT_HEADER) return { type: 'script', hash: hashHex };
  return null;
}
