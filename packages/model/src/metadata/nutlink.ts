import type { MetadataJson } from './db-sync-json.js';

/**
 * Ticker names of one label-1968 data point: the top-level keys of its db-sync JSON, which RYO expands with
 * `jsonb_object_keys`. A non-object JSON makes Postgres raise, so the whole /nutlink/{address}/tickers
 * request returns 500: callers must turn `not-an-object` into that 500. A NULL json (db-sync's U+0000 case)
 * yields no keys.
 */
export type NutlinkTickerNames = { kind: 'tickers'; names: string[] } | { kind: 'not-an-object' };

export function nutlinkTickerNames(label1968Json: MetadataJson | null): NutlinkTickerNames {
  if (label1968Json === null) return { kind: 'tickers', names: [] };
  if (typeof label1968Json !== 'object' || Array.isArray(label1968Json)) return { kind: 'not-an-object' };
  return { kind: 'tickers', names: Object.keys(label1968Json) };
}

/** An oracle's label-1967 registration as RYO reads it (`json ->> 'metadata'`, `json ->> 'hash'`). */
export interface NutlinkRegistration {
  metadataUrl: string | null;
  metadataHash: string | null;
}

export function nutlinkRegistration(label1967Json: MetadataJson | null): NutlinkRegistration {
  return {
    metadataUrl: textField(label1967Json, 'metadata'),
    metadataHash: textField(label1967Json, 'hash'),
  };
}

// Postgres `->>`: NULL unless the JSON is an object with that key; strings as is, other values as JSON text
// (jsonb puts a space after ',' and ':' in nested values, which this does not reproduce).
function textField(json: MetadataJson | null, key: string): string | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json) || !Object.hasOwn(json, key))
    return null;
  const value = json[key];
  return typeof value === 'string' ? value : JSON.stringify(value);
}
