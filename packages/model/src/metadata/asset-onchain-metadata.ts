import { cip25OnchainMetadata, type Label721Metadata } from './cip25.js';
import { cip68ReferenceNft } from './cip67.js';
import { parseCip68Datum, validateCip68Datum } from './cip68.js';
import type { MetadataJson } from './db-sync-json.js';

/** The three on-chain metadata fields of GET /assets/{asset}. */
export interface AssetOnchainMetadata {
  onchain_metadata: MetadataJson | null;
  onchain_metadata_standard: string | null;
  onchain_metadata_extra: string | null;
}

export interface AssetOnchainSources {
  policyId: string;
  /** Hex asset name, "" for the empty name. */
  assetNameHex: string;
  /**
   * Datum CBOR hex of the newest output holding the reference NFT
   * (docs/semantics.md#assets-which-on-chain-metadata), null if none.
   */
  cip68ReferenceDatum: string | null;
  /** Label 721 of the latest mint carrying 721, null if none. */
  cip25Label721: Label721Metadata | null;
}

/**
 * RYO's decision for GET /assets/{asset}: CIP-68 first for 222/333/444 user tokens with a valid reference
 * datum; otherwise CIP-25, whose entry is returned even when invalid (then with a null standard).
 * Invalid or unparsable CIP-68 metadata is dropped entirely and CIP-25 is tried instead.
 */
export function assetOnchainMetadata(sources: AssetOnchainSources): AssetOnchainMetadata {
  const cip68 = cip68Metadata(sources);
  if (cip68) return cip68;
  const cip25 = cip25OnchainMetadata(sources.policyId, sources.assetNameHex, sources.cip25Label721);
  return { ...cip25, onchain_metadata_extra: null };
}

function cip68Metadata({
  policyId,
  assetNameHex,
  cip68ReferenceDatum,
}: AssetOnchainSources): AssetOnchainMetadata | null {
  const userToken = cip68ReferenceNft(policyId + assetNameHex);
  if (!userToken || !cip68ReferenceDatum) return null;
  try {
    const datum = parseCip68Datum(cip68ReferenceDatum, userToken.standard);
    return datum && validateCip68Datum(datum, userToken.standard);
  } catch {
    // RYO logs and ignores any parsing error (not Plutus data, malformed chunks).
    return null;
  }
}
