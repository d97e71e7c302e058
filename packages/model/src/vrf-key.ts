import { encodeBech32 } from './bech32.js';
import { hexToBytes } from './hex.js';

/** Blockfrost `block_vrf`: the 32-byte VRF verification key as `vrf_vk1…` (always 65 characters). */
export function vrfKeyToBech32(vrfVerificationKey: string): string {
  return encodeBech32('vrf_vk', hexToBytes(vrfVerificationKey));
}
