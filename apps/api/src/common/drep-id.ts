import { bech32Prefix, BlockfrostError, bytesToHex, decodeBech32, type Credential } from '@frostline/model';

export const INVALID_DREP_ID_MESSAGE = 'Invalid or malformed drep id.';

const PREDEFINED = new Set(['drep_always_abstain', 'drep_always_no_confidence']);
// A legacy (CIP-105) id is the bare 28-byte hash; a CIP-129 one has a header byte first.
const LEGACY_BYTES = 28;
const DREP_KEY_TYPE = 0x2;
const CREDENTIAL_TYPES: Record<number, Credential['type']> = { 0x2: 'key', 0x3: 'script' };
// Blockfrost decodes with the bech32 library's default limit (BIP-173's 90 characters).
const BIP173_LENGTH_LIMIT = 90;

/**
 * The DRep a `{drep_id}` path parameter names, read as Blockfrost reads it: `drep_always_abstain` and
 * `drep_always_no_confidence` (null: no credential), a legacy `drep1…` / `drep_script1…` of the bare hash, or a
 * CIP-129 `drep1…` whose header says DRep and key or script. Throws Blockfrost's 400 otherwise.
 */
export function parseDRepIdParam(input: string): Credential | null {
  if (PREDEFINED.has(input)) return null;
  const prefix = input.length <= BIP173_LENGTH_LIMIT ? bech32Prefix(input) : null;
  const decoded = prefix === 'drep' || prefix === 'drep_script' ? decodeBech32(input) : null;
  if (!decoded) throw new BlockfrostError(400, INVALID_DREP_ID_MESSAGE);
  const { bytes } = decoded;
  if (bytes.length === LEGACY_BYTES)
    return { type: prefix === 'drep_script' ? 'script' : 'key', hash: bytesToHex(bytes) };
  const type = CREDENTIAL_TYPES[bytes[0]! & 0x0f];
  if (bytes[0]! >> 4 !== DREP_KEY_TYPE || type === undefined)
    throw new BlockfrostError(400, INVALID_DREP_ID_MESSAGE);
  return { type, hash: bytesToHex(bytes.subarray(1)) };
}
