import type { AssetRow, AssetUtxoRow } from '@frostline/db';
import {
  assetOnchainMetadata,
  cip68ReferenceNft,
  renderScriptDataJson,
  type Asset,
  type AssetOnchainMetadata,
  type AssetUtxo,
  type MetadataJson,
} from '@frostline/model';

/**
 * tx_metadata.bytes is the CBOR of the single-entry map {721: value}, re-serialised canonically by the
 * indexer: a1 (map of one), 19 02d1 (the key 721). The CIP-25 rules read the value alone.
 */
const LABEL_721_MAP_HEADER = 'a11902d1';

export function label721ValueCbor(metadataCbor: string): string {
  if (!metadataCbor.startsWith(LABEL_721_MAP_HEADER)) {
    throw new Error(`label 721 metadata CBOR does not start with ${LABEL_721_MAP_HEADER}`);
  }
  return metadataCbor.slice(LABEL_721_MAP_HEADER.length);
}

/** The asset's on-chain metadata by the model's CIP-68-then-CIP-25 rules. */
export function onchainMetadataOf(row: AssetRow): AssetOnchainMetadata {
  return assetOnchainMetadata({
    policyId: row.policy_id,
    assetNameHex: row.asset_name,
    cip68ReferenceDatum: row.cip68_reference_datum,
    cip25Label721:
      row.label721_cbor === null
        ? null
        : {
            json: (row.label721_json ?? null) as MetadataJson | null,
            cbor: label721ValueCbor(row.label721_cbor),
          },
  });
}

/** Blockfrost's asset in schema order. */
export function toAsset(row: AssetRow): Asset {
  const onchain = onchainMetadataOf(row);
  return {
    asset: row.policy_id + row.asset_name,
    policy_id: row.policy_id,
    asset_name: row.asset_name === '' ? null : row.asset_name,
    fingerprint: row.fingerprint,
    quantity: row.quantity,
    initial_mint_tx_hash: row.initial_mint_tx_hash,
    mint_or_burn_count: row.mint_or_burn_count,
    onchain_metadata: onchain.onchain_metadata as Asset['onchain_metadata'],
    onchain_metadata_standard: onchain.onchain_metadata_standard as Asset['onchain_metadata_standard'],
    onchain_metadata_extra: onchain.onchain_metadata_extra,
    metadata:
      row.registry_name === null
        ? null
        : {
            name: row.registry_name,
            description: row.registry_description ?? '',
            ticker: row.registry_ticker,
            url: row.registry_url,
            logo: row.registry_logo,
            decimals: row.registry_decimals,
          },
  };
}

/** What /addresses/{address}/extended adds to an asset's quantity; an asset never minted has neither. */
export interface AssetDisplay {
  decimals: number | null;
  has_nft_onchain_metadata: boolean;
}

/**
 * As RYO: the registry's decimals, unless the asset is a CIP-68 fungible token whose reference datum is
 * valid and gives a number; `has_nft_onchain_metadata` when valid CIP-68 or CIP-25 metadata is found.
 */
export function toAssetDisplay(row: AssetRow | null): AssetDisplay {
  if (row === null) return { decimals: null, has_nft_onchain_metadata: false };
  const onchain = onchainMetadataOf(row);
  const standard = cip68ReferenceNft(row.policy_id + row.asset_name)?.standard;
  const fungible = standard === 'ft' || standard === 'rft';
  const metadata = onchain.onchain_metadata;
  const cip68Decimals =
    fungible && onchain.onchain_metadata_standard?.startsWith('CIP68') && isObject(metadata)
      ? metadata.decimals
      : undefined;
  return {
    decimals: typeof cip68Decimals === 'number' ? cip68Decimals : row.registry_decimals,
    has_nft_onchain_metadata: metadata !== null,
  };
}

function isObject(value: MetadataJson | null): value is { [key: string]: MetadataJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Lovelace first, then every asset of the output; the inline datum also as Plutus-data JSON. */
export function toAssetUtxo(row: AssetUtxoRow): AssetUtxo {
  return {
    address: row.address,
    tx_hash: row.tx_hash,
    output_index: row.output_index,
    amount: [{ unit: 'lovelace', quantity: row.lovelace }, ...(row.assets ?? [])],
    block: row.block,
    block_height: row.block_height,
    block_time: row.block_time,
    data_hash: row.data_hash,
    inline_datum: row.inline_datum,
    inline_datum_json: row.inline_datum === null ? null : renderScriptDataJson(row.inline_datum),
    reference_script_hash: row.reference_script_hash,
  };
}
