import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('assets_asset');

export interface AssetsAssetParams {
  policyId: string;
  /** Hex asset name, "" for the empty name. */
  assetName: string;
  /** Hex name of the CIP-68 reference NFT (label 100) when the asset is a CIP-68 user token. */
  referenceNftName: string | null;
}

export interface AssetRow {
  policy_id: string;
  asset_name: string;
  fingerprint: string;
  /** Sum of all mints and burns, as a decimal string. */
  quantity: string;
  initial_mint_tx_hash: string;
  mint_or_burn_count: number;
  /** tx_metadata label 721 (db-sync JSON and CBOR of {721: value}) of the latest mint carrying it. */
  label721_json: unknown;
  label721_cbor: string | null;
  /**
   * Datum CBOR hex of the CIP-68 reference NFT (docs/semantics.md#assets-which-on-chain-metadata), null if
   * none is known.
   */
  cip68_reference_datum: string | null;
  /** token_metadata entry; registry_name is null when the registry has none. */
  registry_name: string | null;
  registry_description: string | null;
  registry_ticker: string | null;
  registry_url: string | null;
  registry_logo: string | null;
  registry_decimals: number | null;
}

/** The asset, or null when it was never minted. */
export async function assetsAsset(
  db: PrismaClient,
  { policyId, assetName, referenceNftName }: AssetsAssetParams,
): Promise<AssetRow | null> {
  const rows = await queryRows<AssetRow>(db, SQL, [
    hexBytes(policyId),
    hexBytes(assetName),
    policyId + assetName,
    referenceNftName === null ? null : hexBytes(referenceNftName),
  ]);
  return rows[0] ?? null;
}
