import { bech32 } from 'bech32';

/** Shelley addresses can be longer than bech32's default 90-character limit. */
const MAX_LENGTH = 1023;

/**
 * The stake address of a base address (CIP-19 header types 0-3: payment part, then a 28-byte stake
 * key or script hash), on the address's network; null for any other kind of address.
 */
export function stakeAddressOf(address: string): string | null {
  let decoded;
  try {
    decoded = bech32.decode(address, MAX_LENGTH);
  } catch {
    return null;
  }
  const bytes = bech32.fromWords(decoded.words);
  const type = bytes[0] >> 4;
  if (type > 3 || bytes.length !== 57) return null;
  const network = bytes[0] & 0x0f;
  const scriptStake = type === 2 || type === 3;
  const header = (scriptStake ? 0xf0 : 0xe0) | network;
  const prefix = network === 1 ? 'stake' : 'stake_test';
  return bech32.encode(prefix, bech32.toWords([header, ...bytes.slice(29)]), MAX_LENGTH);
}

/** A pool's bech32 id (`pool1…`, CIP-5) from its hex id (the hash of its cold key, 28 bytes). */
export function poolIdOf(hex: string): string {
  const bytes = Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return bech32.encode('pool', bech32.toWords(bytes));
}
