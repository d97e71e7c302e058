import { readFileSync } from 'node:fs';
import type { Network } from '../types.js';

/** Parses a JSON file of packages/model/test-data (see its SOURCES.md for provenance). */
export function readTestData<T>(fileName: string): T {
  return JSON.parse(readFileSync(new URL(`../../test-data/${fileName}`, import.meta.url), 'utf8')) as T;
}

/**
 * blockfrost-utils fixtures name networks `testnet`, `testnets` and `sanchonet`, which
 * Blockfrost validates like any testnet; our `custom` network behaves the same way.
 */
export function asNetwork(fixtureNetwork: string): Network {
  return fixtureNetwork === 'mainnet' || fixtureNetwork === 'preprod' || fixtureNetwork === 'preview'
    ? fixtureNetwork
    : 'custom';
}
