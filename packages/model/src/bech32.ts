import { bech32 } from 'bech32';

/**
 * Blockfrost decodes with a limit of 1000 characters instead of BIP-173's 90, so long
 * Cardano addresses pass; using the same limit keeps our accept/reject decisions identical.
 */
export const BECH32_LENGTH_LIMIT = 1000;

export interface Bech32Payload {
  /** Lower-case human-readable part. */
  prefix: string;
  bytes: Uint8Array;
}

/** Checks checksum and character set only; returns the lower-cased prefix or null. */
export function bech32Prefix(text: string): string | null {
  return bech32.decodeUnsafe(text, BECH32_LENGTH_LIMIT)?.prefix ?? null;
}

export function decodeBech32(text: string): Bech32Payload | null {
  const decoded = bech32.decodeUnsafe(text, BECH32_LENGTH_LIMIT);
  const bytes = decoded && bech32.fromWordsUnsafe(decoded.words);
  return decoded && bytes ? { prefix: decoded.prefix, bytes: Uint8Array.from(bytes) } : null;
}

export function encodeBech32(prefix: string, bytes: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(bytes), BECH32_LENGTH_LIMIT);
}
