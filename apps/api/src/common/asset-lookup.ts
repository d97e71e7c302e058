import { assetsAsset, type AssetRow, type PrismaClient } from '@frostline/db';
import { POLICY_ID_HEX_LENGTH, cip68ReferenceNft, type AssetUnit } from '@frostline/model';

/**
 * Blockfrost accepts any hex unit of 56-120 characters but looks it up as lower-case hex text, so an
 * upper-case or odd-length unit is valid input that can never exist (404). Bytes decoding would
 * instead find the lower-case asset, or drop the odd nibble.
 */
export function canNameAnAsset(unit: string): boolean {
  return /^(?:[0-9a-f]{2})+$/.test(unit);
}

/** The asset's row (mints, both on-chain metadata sources, registry entry), null when never minted. */
export function readAsset(
  db: PrismaClient,
  { unit, policyId, assetName }: AssetUnit,
): Promise<AssetRow | null> {
  const referenceNft = cip68ReferenceNft(unit);
  return assetsAsset(db, {
    policyId,
    assetName,
    referenceNftName: referenceNft && referenceNft.referenceNftUnit.slice(POLICY_ID_HEX_LENGTH),
  });
}
