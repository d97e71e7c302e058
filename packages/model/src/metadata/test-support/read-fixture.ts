import { readFileSync } from 'node:fs';

/** Parses a JSON file from packages/model/test-data/metadata. */
export function readFixture<T>(fileName: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../../test-data/metadata/${fileName}`, import.meta.url), 'utf8'),
  ) as T;
}
