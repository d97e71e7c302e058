import { isInteger, parse, stringify } from 'lossless-json';

/**
 * Ogmios values (lovelace, slots of synthetic chains, execution units) can exceed 2^53: integers parse
 * to numbers when safe and to bigints otherwise, and bigints are written back as plain JSON integers.
 */
export function parseJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/**
 * The native parser, much faster, unless the text may hold an integer of 16+ digits (a number token
 * right after `:`, `[` or `,`), which only the lossless parser keeps exact.
 */
export function parseJsonFast(text: string): unknown {
  return /[:,[]\s*-?\d{16}/.test(text) ? parseJson(text) : JSON.parse(text);
}

export function stringifyJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('value has no JSON representation');
  return text;
}

function parseNumber(text: string): number | bigint {
  if (!isInteger(text)) return parseFloat(text);
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}
