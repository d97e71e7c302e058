/** Address rendering: bech32 with CIP-5 prefixes, base58 for Byron (bootstrap) addresses. */
import { bech32 } from 'bech32';
import bs58 from 'bs58';

// bech32's default 90-character limit is too small for base addresses with long pointers.
const NO_LIMIT = 1023;

export function bech32Encode(prefix: string, data: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(data), NO_LIMIT);
}

/** Header nibble 8 = Byron; network id 1 = mainnet (CIP-19). */
export function encodeAddress(address: Uint8Array): string {
  const header = address[0] ?? 0;
  if (header >> 4 === 8) return bs58.encode(address);
  const mainnet = (header & 0x0f) === 1;
  if (header >> 4 === 14 || header >> 4 === 15) return encodeRewardAccount(address);
  return bech32Encode(mainnet ? 'addr' : 'addr_test', address);
}

export function encodeRewardAccount(account: Uint8Array): string {
  const mainnet = ((account[0] ?? 0) & 0x0f) === 1;
  return bech32Encode(mainnet ? 'stake' : 'stake_test', account);
}

export function encodePoolId(keyHash: Uint8Array): string {
  return bech32Encode('pool', keyHash);
}
