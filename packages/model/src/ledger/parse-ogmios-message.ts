// Tokens of an Ogmios message that matter for number safety: whole JSON strings (skipped as they are)
// and integers of 16 digits or more, the only ones that may exceed 2^53.
const STRING_OR_BIG_INTEGER = /"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;

// In a JSON object every number follows `:`, `,` or `[` (whitespace aside), so a message without this
// holds no integer of 16 digits or more and the native parser alone is exact. Hex strings (hashes,
// CBOR) hold none of those characters: the scan costs a fraction of tokenising every string.
const MAY_HOLD_BIG_INTEGER = /[:,[]\s*-?\d{16}/;

/**
 * Parses an Ogmios JSON-RPC message with the native parser, turning integers that could lose
 * precision as doubles (lovelace, asset quantities) into decimal strings; the decoders read amounts
 * with BigInt(), which takes both. Why not @cardano-ogmios/client's own parser: json-bigint, written
 * in JavaScript, parses large mainnet-like blocks far slower than the native parser and would cap
 * chain-sync, while this keeps the native parser's speed and every digit.
 */
export function parseOgmiosMessage(text: string): unknown {
  if (!MAY_HOLD_BIG_INTEGER.test(text)) return JSON.parse(text);
  return JSON.parse(
    text.replace(STRING_OR_BIG_INTEGER, (token) => (token.charCodeAt(0) === 0x22 ? token : `"${token}"`)),
  );
}
