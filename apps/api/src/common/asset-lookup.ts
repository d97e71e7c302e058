/**
 * Blockfrost accepts any hex unit of 56-120 characters but looks it up as lower-case hex text, so an
 * upper-case or odd-length unit is valid input that can never exist (404). Bytes decoding would
 * instead find the lower-case asset, or drop the odd nibble.
 */
export function canNameAnAsset(unit: string): boolean {
  return /^(?:[0-9a-f]{2})+$/.test(unit);
}
