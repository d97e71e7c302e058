/**
 * Auxiliary data: transaction metadata labels and auxiliary scripts.
 *
 * Ogmios (no-schema mode, `--include-metadata-cbor`) gives for every label
 * `cbor` = the ledger's re-encoding of the metadatum (definite lengths,
 * shortest heads) and `json` when the metadatum has a plain JSON form:
 * integers, strings, lists whose elements all convert, and maps whose
 * int/string-keyed pairs convert. Byte strings never convert; map pairs that
 * do not convert are dropped, and a map left without any pair (including `{}`)
 * has no JSON form (Haskell `foldMap` over `StrictMaybe`).
 */
import type { Metadatum } from '@cardano-ogmios/schema';
import { Encoder } from 'cbor-x';
import { arraySpans, mapSpans, readUint, type Span } from './cbor.js';
import { type Cbor, decodeCbor, hex, map, toBigInt } from './codec.js';
import { type KeyedScript, nativeScripts, plutusScripts, type PlutusVersion } from './script.js';

// Definite-length, shortest-form encoding of decoded metadata, like the ledger's encoder.
const encoder = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false });

export interface MetadataLabel {
  json?: Metadatum;
  cbor: string;
}

export interface AuxiliaryData {
  labels: Record<string, MetadataLabel>;
  scripts: KeyedScript[];
}

const ALONZO_TAG = [0xd9, 0x01, 0x03]; // tag 259

/** Shelley `metadata`, Allegra `[metadata, scripts]`, or Alonzo+ `#6.259({0: metadata, 1..4: scripts})`. */
export function auxiliaryData(aux: Uint8Array): AuxiliaryData {
  if (ALONZO_TAG.every((byte, i) => aux[i] === byte)) {
    const result: AuxiliaryData = { labels: {}, scripts: [] };
    for (const [key, value] of mapSpans(aux, ALONZO_TAG.length)) {
      const kind = readUint(aux, key[0]);
      if (kind === 0) result.labels = labels(slice(aux, value));
      else if (kind === 1) result.scripts.push(...nativeScripts(aux, value));
      else result.scripts.push(...plutusScripts((kind - 1) as PlutusVersion, slice(aux, value)));
    }
    return result;
  }
  if (aux[0] !== undefined && aux[0] >> 5 === 4) {
    const [metadata, scripts] = arraySpans(aux, 0);
    return { labels: labels(slice(aux, metadata!)), scripts: nativeScripts(aux, scripts!) };
  }
  return { labels: labels(aux), scripts: [] };
}

function slice(source: Uint8Array, span: Span): Uint8Array {
  return source.subarray(span[0], span[1]);
}

function labels(metadata: Uint8Array): Record<string, MetadataLabel> {
  const result: Record<string, MetadataLabel> = {};
  for (const [label, metadatum] of map(decodeCbor(metadata))) {
    const json = toJson(metadatum);
    result[toBigInt(label).toString()] = {
      ...(json === undefined ? {} : { json }),
      cbor: hex(encoder.encode(metadatum)),
    };
  }
  return result;
}

function toJson(metadatum: Cbor): Metadatum | undefined {
  if (typeof metadatum === 'number' || typeof metadatum === 'bigint') return toBigInt(metadatum);
  if (typeof metadatum === 'string') return metadatum;
  if (Array.isArray(metadatum)) {
    const list: Metadatum[] = [];
    for (const element of metadatum) {
      const json = toJson(element);
      if (json === undefined) return undefined;
      list.push(json);
    }
    return list as Metadatum;
  }
  if (metadatum instanceof Map) {
    const object: Record<string, Metadatum> = {};
    let converted = false;
    for (const [key, element] of metadatum) {
      if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'bigint') continue;
      const json = toJson(element);
      if (json === undefined) continue;
      object[String(key)] = json;
      converted = true;
    }
    return converted ? (object as Metadatum) : undefined;
  }
  return undefined; // byte strings
}
