/**
 * CIP-67 asset-name labels and the CIP-68 token classes built on them.
 * A label prefix is 4 bytes: `0` + label as 4 hex digits + CRC-8 of the label's two bytes + `0`.
 */

/** Asset-name label prefix (8 hex digits) of a CIP-67 label, e.g. 222 -> "000de140". */
export function cip67LabelPrefix(label: number): string {
  if (!Number.isInteger(label) || label < 0 || label > 0xffff) {
    throw new RangeError(`CIP-67 label ${label} is not an integer in 0..65535`);
  }
  const labelHex = label.toString(16).padStart(4, '0');
  return `0${labelHex}${crc8Hex(labelHex)}0`;
}

/** The label encoded by an 8-hex-digit prefix, or null when it is not a CIP-67 prefix (checksum is case-sensitive, like blockfrost-utils). */
export function cip67LabelFromPrefix(prefixHex: string): number | null {
  if (!/^0[0-9a-fA-F]{6}0$/.test(prefixHex)) return null;
  const labelHex = prefixHex.slice(1, 5);
  return prefixHex.slice(5, 7) === crc8Hex(labelHex) ? Number.parseInt(labelHex, 16) : null;
}

export type Cip68TokenStandard = 'nft' | 'ft' | 'rft';

/** CIP-68 asset-name prefixes: label 100 reference NFT, 222 NFT, 333 FT, 444 RFT. */
export const CIP68_LABEL_PREFIX = {
  referenceNft: cip67LabelPrefix(100),
  nft: cip67LabelPrefix(222),
  ft: cip67LabelPrefix(333),
  rft: cip67LabelPrefix(444),
} as const;

const POLICY_ID_HEX_LENGTH = 56;

/**
 * For a CIP-68 user token (222/333/444) the unit of its reference NFT (same policy, label 100, same name
 * suffix) and the token's standard; null for any other asset, including the reference NFT itself.
 */
export function cip68ReferenceNft(
  unitHex: string,
): { referenceNftUnit: string; standard: Cip68TokenStandard } | null {
  const policyId = unitHex.slice(0, POLICY_ID_HEX_LENGTH);
  const prefix = unitHex.slice(POLICY_ID_HEX_LENGTH, POLICY_ID_HEX_LENGTH + 8);
  const nameSuffix = unitHex.slice(POLICY_ID_HEX_LENGTH + 8);
  const standards: Cip68TokenStandard[] = ['nft', 'ft', 'rft'];
  const standard = standards.find((candidate) => CIP68_LABEL_PREFIX[candidate] === prefix);
  if (!standard) return null;
  return { referenceNftUnit: `${policyId}${CIP68_LABEL_PREFIX.referenceNft}${nameSuffix}`, standard };
}

// CRC-8 as used by CIP-67: polynomial 0x07, initial value 0, no reflection (npm `crc/crc8`).
function crc8Hex(hex: string): string {
  let crc = 0;
  for (const byte of Buffer.from(hex, 'hex')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).padStart(2, '0');
}
