import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from './cbor-item.js';

/** A JSON value as Blockfrost returns metadata (db-sync JSON, CIP-68 conversions). */
export type MetadataJson = string | number | MetadataJson[] | { [key: string]: MetadataJson };

/**
 * Renders one metadatum (the CBOR of a label's value) exactly like db-sync's `tx_metadata.json`, which uses
 * cardano-api `metadataValueToJsonNoSchema`: ints become numbers, bytes "0x"+hex, maps objects whose keys are
 * converted by {@link metadatumJsonKey}; for duplicate keys the last one wins.
 *
 * Returns null where db-sync stores json = NULL: its Aeson-encoded JSON text contains the escape `\u0000`.
 * (db-sync searches the escaped text, so a literal backslash followed by "u0000" in a string also counts.)
 */
export function renderMetadatumJson(metadatumCborHex: string): MetadataJson | null {
  return dbSyncJson(decodeCborItem(hexToBytes(metadatumCborHex)));
}

/** {@link renderMetadatumJson} of the value of `{label: value}`, the CBOR stored per metadata label. */
export function renderLabelMetadatumJson(labelMapCborHex: string): MetadataJson | null {
  const item = decodeCborItem(hexToBytes(labelMapCborHex));
  if (item.kind !== 'map' || item.entries.length !== 1) throw new Error('not the CBOR of one metadata label');
  return dbSyncJson(item.entries[0]![1]);
}

function dbSyncJson(item: CborItem): MetadataJson | null {
  const json = metadatumToJson(item);
  // Aeson's text of the value holds `\u0000` exactly where JSON.stringify's does: both write U+0000 as
  // `\u0000` and a backslash as `\\`, and neither writes it otherwise. The built-in costs a fraction of
  // aesonText, which sorts every object's keys.
  return JSON.stringify(json).includes('\\u0000') ? null : json;
}

function metadatumToJson(item: CborItem): MetadataJson {
  switch (item.kind) {
    case 'int':
      // Same precision loss as RYO, which JSON.parses db-sync's numbers into JS doubles.
      return Number(item.value);
    case 'bytes':
      return `0x${bytesToHex(item.value)}`;
    case 'text':
      return item.value;
    case 'array':
      return item.items.map(metadatumToJson);
    case 'map':
      // Object.fromEntries keeps the last duplicate and, unlike assignment, treats "__proto__" as a plain key.
      return Object.fromEntries(
        item.entries.map(([key, value]) => [metadatumJsonKey(key), metadatumToJson(value)]),
      );
    case 'tag':
      throw new Error('CBOR tags are not valid in transaction metadata');
  }
}

/** int -> decimal, bytes -> "0x"+hex, text as is, list/map -> the compact JSON text of the converted value. */
function metadatumJsonKey(key: CborItem): string {
  switch (key.kind) {
    case 'int':
      return key.value.toString();
    case 'bytes':
      return `0x${bytesToHex(key.value)}`;
    case 'text':
      return key.value;
    default:
      return aesonText(key);
  }
}

/**
 * The JSON text Aeson's `encode` gives for the converted metadatum: compact, object keys sorted by code point
 * (aeson's default ordered KeyMap, last duplicate wins), integers exact, Aeson's string escaping.
 */
function aesonText(item: CborItem): string {
  switch (item.kind) {
    case 'int':
      return item.value.toString();
    case 'bytes':
    case 'text':
      return aesonString(metadatumToJson(item) as string);
    case 'array':
      return `[${item.items.map(aesonText).join(',')}]`;
    case 'map': {
      const members = new Map(item.entries.map(([key, value]) => [metadatumJsonKey(key), value]));
      const sortedKeys = [...members.keys()].sort(compareCodePoints);
      return `{${sortedKeys.map((key) => `${aesonString(key)}:${aesonText(members.get(key)!)}`).join(',')}}`;
    }
    case 'tag':
      throw new Error('CBOR tags are not valid in transaction metadata');
  }
}

// Aeson escapes only '"', '\\' and control characters (\n, \r, \t by name, the rest as \u00xx).
function aesonString(text: string): string {
  const escaped = text.replace(/["\\\u0000-\u001f]/g, (char) => {
    if (char === '"' || char === '\\') return `\\${char}`;
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `"${escaped}"`;
}

// UTF-8 byte order equals code point order (JS `<` compares UTF-16 units, which differs above U+FFFF).
function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
