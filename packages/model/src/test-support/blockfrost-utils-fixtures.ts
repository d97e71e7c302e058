import { readTestData } from './test-data.js';

/** One entry of blockfrost_utils_validation_fixtures.json; fields vary per group. */
export interface UtilsFixture {
  description: string;
  input?: string | number | null;
  address?: string;
  network?: string;
  prefix?: string;
  paymentCred?: string;
  addressType?: number;
  result: unknown;
}

export const utilsFixtures = readTestData<{ groups: Record<string, UtilsFixture[]> }>(
  'blockfrost_utils_validation_fixtures.json',
).groups;

/** Cases of a group as `[description, fixture]` rows for `it.each`. */
export function utilsCases(group: string): [string, UtilsFixture][] {
  return utilsFixtures[group].map((fixture) => [fixture.description, fixture]);
}

/** blockfrost-utils writes credentials as Postgres bytea literals (`\x…`). */
export function byteaToHex(bytea: string): string {
  return bytea.replace(/^\\x/, '');
}
