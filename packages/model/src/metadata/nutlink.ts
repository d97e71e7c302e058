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

/**
 * An oracle's label-1967 registration as GET /nutlink/{address} shows it: RYO selects `json -> 'metadata'` and
 * `json -> 'hash'` and Fastify writes each through its `type: string` serializer, which turns a missing value
 * (or a non-object JSON) into "" and any other non-string into its `toString()` (5 → "5", ["a","b"] → "a,b",
 * an object → "[object Object]").
 */
export interface NutlinkRegistration {
  metadataUrl: string;
  metadataHash: string;
}

export function nutlinkRegistration(label1967Json: MetadataJson | null): NutlinkRegistration {
  return {
    metadataUrl: serializedField(label1967Json, 'metadata'),
    metadataHash: serializedField(label1967Json, 'hash'),
  };
}

function serializedField(json: MetadataJson | null, key: string): string {
  if (json === null || typeof json !== 'object' || Array.isArray(json) || !Object.hasOwn(json, key))
    return '';
  return String(json[key]);
}
