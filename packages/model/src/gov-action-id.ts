import { decodeBech32, encodeBech32 } from './bech32.js';
import { BlockfrostError } from './errors.js';
import { bytesToHex, hexToBytes } from './hex.js';

export const INVALID_GOV_ACTION_ID_MESSAGE = 'Invalid or malformed gov action id.';

const TX_HASH_BYTES = 32;
// Blockfrost decodes the id with the bech32 library's default limit (BIP-173's 90 characters), not the 1000 it
// allows addresses.
const BIP173_LENGTH_LIMIT = 90;

/** CIP-129 `gov_action1…`: the transaction hash, then the index in as few big-endian bytes as it takes (one for 0). */
export function govActionId(txHash: string, index: number): string {
  const indexBytes: number[] = [];
  for (let rest = index; indexBytes.length === 0 || rest > 0; rest = Math.floor(rest / 256))
    indexBytes.unshift(rest % 256);
  return encodeBech32('gov_action', Uint8Array.from([...hexToBytes(txHash), ...indexBytes]));
}

/**
 * The transaction hash and index of a `{gov_action_id}` path parameter, read as Blockfrost reads it: a
 * `gov_action` bech32 (at most 90 characters) of at least the 32-byte hash, whatever follows it the index (none: 0). Throws
 * Blockfrost's 400 otherwise.
 */
export function parseGovActionIdParam(input: string): { txHash: string; index: number } {
  const decoded = input.length <= BIP173_LENGTH_LIMIT ? decodeBech32(input) : null;
  if (decoded?.prefix !== 'gov_action' || decoded.bytes.length < TX_HASH_BYTES)
    throw new BlockfrostError(400, INVALID_GOV_ACTION_ID_MESSAGE);
  const rest = decoded.bytes.subarray(TX_HASH_BYTES);
  return {
    txHash: bytesToHex(decoded.bytes.subarray(0, TX_HASH_BYTES)),
    index: rest.length === 0 ? 0 : Number.parseInt(bytesToHex(rest), 16),
  };
}
