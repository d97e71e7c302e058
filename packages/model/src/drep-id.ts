import { bech32 } from 'bech32';
import { decodeBech32, encodeBech32 } from './bech32.js';
import { CREDENTIAL_HASH_BYTES, credentialHashBytes, type Credential } from './credential.js';
import { BlockfrostError } from './errors.js';
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

export const INVALID_DREP_ID_MESSAGE = 'Invalid or malformed drep id.';

/**
 * A `{drep_id}` path parameter as Blockfrost reads it: one of the two predefined names, or a DRep
 * credential with the `drep_id` and `hex` its answers show. A CIP-129 id (header byte, then the hash)
 * answers with itself and the header-prefixed hex; a legacy CIP-105 one (`drep1…` key hash or
 * `drep_script1…` script hash, 28 bytes) with its canonical bech32 and the bare hash.
 */
export type DRepIdParam =
  | { type: 'abstain' | 'noConfidence'; drepId: string; hex: '' }
  | { type: 'registered'; credential: Credential; drepId: string; hex: string };

// Blockfrost decodes the id with the bech32 library's default (BIP-173) length limit and strict padding.
const BIP173_LENGTH_LIMIT = 90;

/** Reads a `{drep_id}` path parameter; throws Blockfrost's 400 where RYO's validateDRepId does. */
export function parseDRepIdParam(input: string): DRepIdParam {
  if (input === DREP_ALWAYS_ABSTAIN) return { type: 'abstain', drepId: input, hex: '' };
  if (input === DREP_ALWAYS_NO_CONFIDENCE) return { type: 'noConfidence', drepId: input, hex: '' };
  const invalid = new BlockfrostError(400, INVALID_DREP_ID_MESSAGE);
  let prefix: string;
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(input, BIP173_LENGTH_LIMIT);
    prefix = decoded.prefix;
    bytes = Uint8Array.from(bech32.fromWords(decoded.words));
  } catch {
    throw invalid;
  }
  if (prefix !== 'drep' && prefix !== 'drep_script') throw invalid;
  if (bytes.length === CREDENTIAL_HASH_BYTES) {
    const type = prefix === 'drep_script' ? 'script' : 'key';
    return {
      type: 'registered',
      credential: { type, hash: bytesToHex(bytes) },
      drepId: encodeBech32(prefix, bytes),
      hex: bytesToHex(bytes),
    };
  }
  // Any other length is read as CIP-129, whatever the prefix; a hash of the wrong length then names no DRep.
  const header = bytes[0] ?? 0;
  if (header >> 4 !== 0x2 || (header !== KEY_HEADER && header !== SCRIPT_HEADER)) throw invalid;
  return {
    type: 'registered',
    credential: { type: header === KEY_HEADER ? 'key' : 'script', hash: bytesToHex(bytes.subarray(1)) },
    drepId: input,
    hex: bytesToHex(bytes),
  };
}
