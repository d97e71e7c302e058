import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from './cbor-item.js';

/** db-sync's `datum.value`: cardano-api's detailed ScriptData JSON schema. */
export type ScriptDataJson =
  | { fields: ScriptDataJson[]; constructor: number }
  | { map: { k: ScriptDataJson; v: ScriptDataJson }[] }
  | { list: ScriptDataJson[] }
  | { int: number }
  | { bytes: string };

/**
 * Renders Plutus data (a datum's CBOR) as db-sync stores it in `datum.value` and Blockfrost returns it as
 * `json_value`. Keys are in the order PostgreSQL's jsonb gives them back (shorter keys first), which is
 * the order Blockfrost answers with. Throws on CBOR that is not Plutus data.
 */
export function renderScriptDataJson(datumCborHex: string): ScriptDataJson {
  return scriptDataJson(decodeCborItem(hexToBytes(datumCborHex)));
}

function scriptDataJson(item: CborItem): ScriptDataJson {
  const integer = plutusInteger(item);
  // Same precision loss as RYO, which JSON.parses db-sync's jsonb numbers into JS doubles.
  if (integer !== null) return { int: Number(integer) };
  const constructor = plutusConstructor(item);
  if (constructor) return { fields: constructor.fields.map(scriptDataJson), constructor: constructor.index };
  switch (item.kind) {
    case 'bytes':
      return { bytes: bytesToHex(item.value) };
    case 'array':
      return { list: item.items.map(scriptDataJson) };
    case 'map':
      return { map: item.entries.map(([k, v]) => ({ k: scriptDataJson(k), v: scriptDataJson(v) })) };
    default:
      throw new Error(`not Plutus data: CBOR ${item.kind === 'tag' ? `tag ${item.tag}` : item.kind}`);
  }
}

/** Value of a Plutus integer (plain int or tag-2/3 bignum), else null. */
export function plutusInteger(item: CborItem): bigint | null {
  if (item.kind === 'int') return item.value;
  if (item.kind === 'tag' && (item.tag === 2n || item.tag === 3n) && item.item.kind === 'bytes') {
    const magnitude = item.item.value.length === 0 ? 0n : BigInt(`0x${bytesToHex(item.item.value)}`);
    return item.tag === 2n ? magnitude : -1n - magnitude;
  }
  return null;
}

/** A Plutus constructor: tags 121..127 (0..6), 1280..1400 (7..127), or 102 [index, fields]; else null. */
export function plutusConstructor(item: CborItem): { index: number; fields: CborItem[] } | null {
  if (item.kind !== 'tag') return null;
  const { tag, item: content } = item;
  if (content.kind !== 'array') return null;
  if (tag >= 121n && tag <= 127n) return { index: Number(tag - 121n), fields: content.items };
  if (tag >= 1280n && tag <= 1400n) return { index: Number(tag - 1280n) + 7, fields: content.items };
  const [index, fields] = content.items;
  if (tag === 102n && content.items.length === 2 && index.kind === 'int' && fields.kind === 'array')
    return { index: Number(index.value), fields: fields.items };
  return null;
}
