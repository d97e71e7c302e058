export { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const HEX = /^[A-Fa-f0-9]+$/;

/** Non-empty and only hex digits, either case (the check Blockfrost applies to path params). */
export function isHex(input: string): boolean {
  return HEX.test(input);
}
