import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { bigNum, hexBytes } from './tx.js';

/** A metadatum as plain data: Map allows byte-string keys (CIP-25 v2), objects have text keys. */
export type Metadatum =
  | string
  | number
  | bigint
  | Uint8Array
  | Metadatum[]
  | Map<Metadatum, Metadatum>
  | { [key: string]: Metadatum };

export function metadatum(value: Metadatum): CSL.TransactionMetadatum {
  if (typeof value === 'string') return CSL.TransactionMetadatum.new_text(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const n = BigInt(value);
    return CSL.TransactionMetadatum.new_int(
      n < 0n ? CSL.Int.new_negative(bigNum(-n)) : CSL.Int.new(bigNum(n)),
    );
  }
  if (value instanceof Uint8Array) return CSL.TransactionMetadatum.new_bytes(value);
  if (Array.isArray(value)) {
    const list = CSL.MetadataList.new();
    value.forEach((item) => list.add(metadatum(item)));
    return CSL.TransactionMetadatum.new_list(list);
  }
  const map = CSL.MetadataMap.new();
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  for (const [key, item] of entries) map.insert(metadatum(key), metadatum(item));
  return CSL.TransactionMetadatum.new_map(map);
}

export function transactionMetadata(labels: Record<number, Metadatum>): CSL.GeneralTransactionMetadata {
  const metadata = CSL.GeneralTransactionMetadata.new();
  for (const [label, value] of Object.entries(labels))
    metadata.insert(bigNum(BigInt(label)), metadatum(value));
  return metadata;
}

/** The CIP-25 fields of one asset; also what Blockfrost returns as onchain_metadata. */
export interface Cip25Fields {
  name: string;
  image: string;
  mediaType: string;
  description: string;
  [key: string]: string;
}

/**
 * Label 721 for minted assets. v1 keys policy and asset name by text (hex policy, UTF-8 name); v2 by
 * their bytes and adds `version: 2`.
 */
export function cip25(
  version: 1 | 2,
  policyHex: string,
  assets: { nameHex: string; fields: Cip25Fields }[],
): Metadatum {
  if (version === 1) {
    const byName: Record<string, Metadatum> = {};
    for (const { nameHex, fields } of assets)
      byName[Buffer.from(nameHex, 'hex').toString('utf8')] = { ...fields };
    return { [policyHex]: byName };
  }
  const byName = new Map<Metadatum, Metadatum>();
  for (const { nameHex, fields } of assets) byName.set(hexBytes(nameHex), { ...fields });
  return new Map<Metadatum, Metadatum>([
    [hexBytes(policyHex), byName],
    ['version', 2],
  ]);
}

/** nut.link oracle registration (label 1967). */
export function oracleRegistration(url: string, hashHex: string): Metadatum {
  return { metadata: url, hash: hashHex };
}

/** nut.link data points (label 1968): ticker → [{source, value}]. */
export function tickerPost(prices: Record<string, { source: string; value: string }[]>): Metadatum {
  return Object.fromEntries(
    Object.entries(prices).map(([ticker, points]) => [ticker, points.map((point) => ({ ...point }))]),
  );
}
