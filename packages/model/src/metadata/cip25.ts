import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from './cbor-item.js';
import type { MetadataJson } from './db-sync-json.js';
import { isValidCip25Metadata } from './metadata-schemas.js';

/** Label 721 of the latest transaction that minted the asset with metadata, as db-sync stores it. */
export interface Label721Metadata {
  /** db-sync JSON rendering ({@link renderMetadatumJson}); null where db-sync stores NULL. */
  json: MetadataJson | null;
  /** CBOR hex of the label-721 value (the per-label `cbor` Ogmios gives). */
  cbor: string;
}

export interface Cip25Result {
  onchain_metadata: MetadataJson | null;
  onchain_metadata_standard: 'CIP25v1' | 'CIP25v2' | null;
}

const NOT_FOUND: Cip25Result = { onchain_metadata: null, onchain_metadata_standard: null };

/**
 * openapi `getOnchainMetadata`: finds the asset's CIP-25 entry in label 721.
 * - version = Number(json.version) when truthy, else 1; only 1 and 2 are looked up.
 * - v1: json[policy][utf8(name)] (Node decoding, invalid bytes become U+FFFD), else json[policy][nameHex].
 * - v2: json["0x"+policy]["0x"+nameHex] when the CBOR really has byte-string keys for both; otherwise the
 *   v1 text key is used for the metadata only and the standard stays null (openapi's backwards compatibility).
 * The entry found is returned even when it fails the CIP-25 schema; only the standard requires validity.
 */
export function cip25OnchainMetadata(
  policyId: string,
  assetNameHex: string,
  label721: Label721Metadata | null,
): Cip25Result {
  const json = label721?.json;
  if (!label721?.cbor || !json) return NOT_FOUND;

  const version = versionOf(json);
  const nameAsText = Buffer.from(assetNameHex, 'hex').toString('utf8');
  let found: MetadataJson | undefined;
  let countsAsStandard = false;

  if (version === 1) {
    const assets = property(json, policyId);
    if (assets !== undefined && hasProperty(assets, nameAsText)) found = property(assets, nameAsText);
    // For non-UTF-8 names some minters keyed the entry by the hex name.
    else if (property(assets, assetNameHex)) found = property(assets, assetNameHex);
    countsAsStandard = found !== undefined;
  } else if (version === 2) {
    const byBytesKeys = hasByteKeyedEntry(label721.cbor, policyId, assetNameHex)
      ? property(property(json, `0x${policyId}`), `0x${assetNameHex}`)
      : undefined;
    countsAsStandard = Boolean(byBytesKeys);
    found = countsAsStandard ? byBytesKeys : property(property(json, policyId), nameAsText) || undefined;
  }

  if (found === undefined) return NOT_FOUND;
  const standard =
    countsAsStandard && isValidCip25Metadata(found) ? (version === 1 ? 'CIP25v1' : 'CIP25v2') : null;
  return { onchain_metadata: found, onchain_metadata_standard: standard };
}

// openapi getOnchainMetadataVersion: `!json?.version ? 1 : Number(json.version)`, so "2", 2 and "2.0" are all 2.
function versionOf(json: MetadataJson): number {
  const version = property(json, 'version');
  return version ? Number(version) : 1;
}

/** The 721 CBOR has a byte-string policy key whose map has a byte-string asset-name key. */
function hasByteKeyedEntry(label721CborHex: string, policyId: string, assetNameHex: string): boolean {
  const isBytesKey = (key: CborItem, hex: string) => key.kind === 'bytes' && bytesToHex(key.value) === hex;
  const policies = decodeCborItem(hexToBytes(label721CborHex));
  if (policies.kind !== 'map') return false;
  return policies.entries.some(
    ([policyKey, assets]) =>
      isBytesKey(policyKey, policyId) &&
      assets.kind === 'map' &&
      assets.entries.some(([nameKey]) => isBytesKey(nameKey, assetNameHex)),
  );
}

function hasProperty(container: MetadataJson, key: string): boolean {
  return typeof container === 'object' && Object.hasOwn(container, key);
}

/** container[key] for own properties of objects and arrays, else undefined (no prototype lookups). */
function property(container: MetadataJson | undefined, key: string): MetadataJson | undefined {
  return container !== undefined && hasProperty(container, key)
    ? (container as Record<string, MetadataJson>)[key]
    : undefined;
}
