import {
  decodeShelleyAddress,
  decodeShelleyAddressBytes,
  encodeShelleyAddress,
  shelleyAddressToBytes,
} from './address.js';
import type { Credential } from './credential.js';
import { bytesToHex, hexToBytes, isHex } from './hex.js';

/** A decoded stake (reward) address. */
export interface StakeAddress {
  networkId: number;
  credential: Credential;
}

/** `stake1…` / `stake_test1…` for a stake credential; the network id picks the prefix. */
export function stakeAddressFromCredential(credential: Credential, networkId: number): string {
  return encodeShelleyAddress({ type: 'reward', networkId, stake: credential });
}

export function decodeStakeAddress(text: string): StakeAddress | null {
  const address = decodeShelleyAddress(text);
  return address?.type === 'reward' ? { networkId: address.networkId, credential: address.stake } : null;
}

/** Reward address as ledger/Ogmios raw hex (header e0/e1/f0/f1 + 28 bytes) → bech32. */
export function rewardAddressHexToBech32(hex: string): string | null {
  if (!isHex(hex) || hex.length % 2 !== 0) return null;
  const address = decodeShelleyAddressBytes(hexToBytes(hex));
  return address?.type === 'reward' ? encodeShelleyAddress(address) : null;
}

export function rewardAddressBech32ToHex(text: string): string | null {
  const address = decodeShelleyAddress(text);
  return address?.type === 'reward' ? bytesToHex(shelleyAddressToBytes(address)) : null;
}
