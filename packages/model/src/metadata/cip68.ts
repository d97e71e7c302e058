import { isUtf8 } from 'node:buffer';
import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from './cbor-item.js';
import type { Cip68TokenStandard } from './cip67.js';
import { plutusConstructor, plutusInteger } from './plutus-data.js';
import type { MetadataJson } from './db-sync-json.js';
import {
  isValidCip68FtMetadata,
  isValidCip68NftMetadata,
  isValidCip68RftMetadata,
} from './metadata-schemas.js';

/** A reference-NFT datum as blockfrost-utils `getMetadataFromOutputDatum` returns it. */
export interface Cip68Datum {
  metadata: { [key: string]: MetadataJson };
  /** NaN when the version field is not an integer (then validation fails). */
  version: number;
  /** Original CBOR hex of the datum's third field, null when absent. */
  extra: string | null;
}

// The known keys of each standard and how their values are converted (blockfrost-utils METADATA_SCHEME_MAP).
type Rule = { type: 'bytestring' } | { type: 'number' } | { type: 'list'; item: RecordRule };
type RecordRule = { [key: string]: Rule };

const BYTESTRING: Rule = { type: 'bytestring' };
const NUMBER: Rule = { type: 'number' };
const FILES: Rule = { type: 'list', item: { name: BYTESTRING, mediaType: BYTESTRING, src: BYTESTRING } };
const NFT_RULES: RecordRule = {
  name: BYTESTRING,
  image: BYTESTRING,
  mediaType: BYTESTRING,
  description: BYTESTRING,
  files: FILES,
};
const RULES: Record<Cip68TokenStandard, RecordRule> = {
  nft: NFT_RULES,
  ft: {
    name: BYTESTRING,
    description: BYTESTRING,
    ticker: BYTESTRING,
    url: BYTESTRING,
    logo: BYTESTRING,
    decimals: NUMBER,
  },
  rft: { ...NFT_RULES, decimals: NUMBER },
};

/**
 * Converts a CIP-68 reference datum like blockfrost-utils `getMetadataFromOutputDatum` (2.8.1, plus the
 * hosted 3.0.0 key quirk). Returns null when the datum is not `Constr [map, version, extra?...]`; throws on
 * CBOR that is not Plutus data (CSL's `PlutusData.from_hex` fails there) and on a chunk list holding a
 * non-bytes item (Node's `Buffer.concat` throws there). Callers treat a throw as "no CIP-68 metadata".
 *
 * - Known keys of the standard: bytes -> UTF-8 if valid else hex; a list of byte chunks (CIP68v3 long
 *   strings, accepted in every version) -> concatenated, then the same; integers -> numbers when JS-safe;
 *   `files` -> items converted key by key. Anything that does not convert keeps its original CBOR hex.
 * - Unknown keys always keep their value's original CBOR hex.
 * `parseAs` null stands for a standard unknown to utils: every key is then unknown.
 */
export function parseCip68Datum(datumCborHex: string, parseAs: Cip68TokenStandard | null): Cip68Datum | null {
  const datum = decodeCborItem(hexToBytes(datumCborHex));
  assertPlutusData(datum);
  const fields = plutusConstructor(datum)?.fields ?? null;
  if (!fields || fields.length < 2 || fields[0].kind !== 'map') return null;

  const rules = parseAs ? RULES[parseAs] : {};
  const entries = fields[0].entries.map(([key, value]): [string, MetadataJson] => {
    const name = propertyName(key);
    const rule = Object.hasOwn(rules, name) ? rules[name] : null;
    return [name, convertValue(value, rule) ?? bytesToHex(value.raw)];
  });
  return {
    metadata: Object.fromEntries(entries),
    // utils: Number(as_integer()?.to_str()), so NaN for a non-integer and lost precision above 2^53.
    version: Number(plutusInteger(fields[1]) ?? NaN),
    extra: fields.length > 2 ? bytesToHex(fields[2].raw) : null,
  };
}

/**
 * openapi `validateCIP68Metadata`: the version must be an integer of at most 3 (no lower bound, so "CIP68v0"
 * is possible) and the metadata must match the standard's schema. Returns null when not valid.
 */
export function validateCip68Datum(
  datum: Cip68Datum,
  standard: Cip68TokenStandard,
): {
  onchain_metadata: Cip68Datum['metadata'];
  onchain_metadata_standard: string;
  onchain_metadata_extra: string | null;
} | null {
  if (!Number.isInteger(datum.version) || datum.version > 3) return null;
  const isValid = { nft: isValidCip68NftMetadata, ft: isValidCip68FtMetadata, rft: isValidCip68RftMetadata }[
    standard
  ];
  if (!isValid(datum.metadata)) return null;
  return {
    onchain_metadata: datum.metadata,
    onchain_metadata_standard: `CIP68v${datum.version}`,
    onchain_metadata_extra: datum.extra,
  };
}

/** Port of utils `convertDatumValue` over the CBOR tree; null means "not convertible". */
function convertValue(value: CborItem, rule: Rule | RecordRule | null): MetadataJson | null {
  if (rule === null) return null;
  const field = isFieldRule(rule) ? rule : null;
  if (field?.type === 'number' && value.kind === 'int' && isJsSafe(value.value)) return Number(value.value);
  if (field?.type === 'bytestring' && value.kind === 'bytes') return utf8OrHex(value.value);
  if (field?.type === 'bytestring' && value.kind === 'array') return utf8OrHex(concatChunks(value.items));
  if (value.kind === 'array') {
    const itemRule = field?.type === 'list' ? field.item : null;
    const items = value.items.map((item) => convertValue(item, itemRule));
    return items.includes(null) ? null : (items as MetadataJson[]);
  }
  // utils only sees a JS Map for a non-empty map: node-cbor decodes an empty CBOR map to a plain object.
  if (value.kind === 'map' && value.entries.length > 0) {
    const record: RecordRule = field ? {} : (rule as RecordRule);
    const entries = value.entries.map(([key, item]): [string, MetadataJson | null] => {
      const name = propertyName(key);
      return [name, convertValue(item, Object.hasOwn(record, name) ? record[name] : null)];
    });
    return entries.some(([, item]) => item === null)
      ? null
      : Object.fromEntries(entries as [string, MetadataJson][]);
  }
  return null;
}

/**
 * The property name utils gives a map key. Valid-UTF-8 bytes become text. Non-UTF-8 bytes become
 * "[object ArrayBuffer]": the hosted API (utils 3.0.0) shows that (preprod fixture "non-utf8 prop
 * (0xdeadbeef)") where 2.8.1 gave hex. Integers become their decimal text (JS property-key coercion).
 * Other keys (lists, maps, constructors) get their CBOR hex: utils coerces them to strings such as
 * "[object Map]", which no real reference datum is expected to rely on.
 */
function propertyName(key: CborItem): string {
  if (key.kind === 'bytes')
    return isUtf8(key.value) ? Buffer.from(key.value).toString('utf8') : '[object ArrayBuffer]';
  return plutusInteger(key)?.toString() ?? bytesToHex(key.raw);
}

function isFieldRule(rule: Rule | RecordRule): rule is Rule {
  return typeof rule.type === 'string';
}

function utf8OrHex(bytes: Uint8Array): string {
  return isUtf8(bytes) ? Buffer.from(bytes).toString('utf8') : bytesToHex(bytes);
}

function concatChunks(chunks: CborItem[]): Uint8Array {
  return Buffer.concat(
    chunks.map((chunk) => {
      if (chunk.kind !== 'bytes') throw new TypeError('CIP-68 chunked string holds a non-bytes item');
      return chunk.value;
    }),
  );
}

// node-cbor yields a JS number only for integers within the safe range, a bigint otherwise (and for tag-2/3 bignums).
function isJsSafe(value: bigint): boolean {
  const magnitude = value < 0n ? -1n - value : value;
  return magnitude <= BigInt(Number.MAX_SAFE_INTEGER);
}

function assertPlutusData(item: CborItem): void {
  switch (item.kind) {
    case 'int':
    case 'bytes':
      return;
    case 'array':
      return item.items.forEach(assertPlutusData);
    case 'map':
      return item.entries.forEach(([key, value]) => (assertPlutusData(key), assertPlutusData(value)));
    case 'tag': {
      const fields = plutusConstructor(item)?.fields;
      if (fields) return fields.forEach(assertPlutusData);
      if ((item.tag === 2n || item.tag === 3n) && item.item.kind === 'bytes') return;
      throw new Error(`not Plutus data: CBOR tag ${item.tag}`);
    }
    case 'text':
      throw new Error('not Plutus data: text string');
  }
}
