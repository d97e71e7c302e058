import { isHex } from './hex.js';
import { poolIdFromColdKey, poolIdFromHash, poolIdToHash } from './pool-id.js';
import { utilsCases } from './test-support/blockfrost-utils-fixtures.js';

describe('pool ids', () => {
  it.each(utilsCases('validateAndConvertPool'))('validateAndConvertPool: %s', (_, fixture) => {
    const input = fixture.input as string;
    if (isHex(input)) {
      expect(poolIdFromHash(input)).toBe(fixture.result);
      expect(poolIdToHash(poolIdFromHash(input))).toBe(input);
    } else {
      expect(poolIdToHash(input) === null ? null : input).toBe(fixture.result);
    }
  });

  it('derives the pool id from a cold verification key', () => {
    // CIP-19's payment key doubles as an arbitrary ed25519 key; its blake2b-224 is known from that vector.
    const key = '73fea80d424276ad0978d4fe5310e8bc2d485f5f6bb3bf87612989f112ad5a7d';
    expect(poolIdToHash(poolIdFromColdKey(key))).toBe(
      '9493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e',
    );
  });
});
