/** Hex length of a policy id (blake2b-224). Asset names add 0-64 hex characters. */
export const POLICY_ID_HEX_LENGTH = 56;

export interface AssetUnit {
  /** policy id followed by the hex asset name, as in Blockfrost's `unit`. */
  unit: string;
  policyId: string;
  /** Hex asset name; empty for the policy's nameless asset. */
  assetName: string;
}

export function splitAssetUnit(unit: string): AssetUnit {
  return {
    unit,
    policyId: unit.slice(0, POLICY_ID_HEX_LENGTH),
    assetName: unit.slice(POLICY_ID_HEX_LENGTH),
  };
}
