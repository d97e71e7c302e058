import { readFileSync } from 'node:fs';

// Test fixtures live in ../../test-data (see its SOURCES.md for provenance and licences).
export function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../test-data/${name}`, import.meta.url), 'utf8')) as T;
}

export const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));
