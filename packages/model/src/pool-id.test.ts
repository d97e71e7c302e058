import { isHex } from './hex.js';
import { BlockfrostError } from './errors.js';
import { parsePoolIdParam, poolIdFromColdKey, poolIdFromHash, poolIdToHash } from './pool-id.js';
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

  describe('parsePoolIdParam', () => {
    const hash = '9493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e';
    const poolId = poolIdFromHash(hash);

    it.each([
      ['a bech32 pool id', poolId, hash],
      ['the hash in hex', hash, hash],
      ['upper-case hex', hash.toUpperCase(), hash],
      ['hex with an odd digit, which Blockfrost drops', `${hash}f`, hash],
      ['hex of another length', 'abcd', null],
      ['an upper-case bech32 id, which Blockfrost looks up as written', poolId.toUpperCase(), null],
      ['a pool bech32 of another length', poolIdFromHash('abcd'), null],
    ])('reads %s', (_, param, expected) => {
      expect(parsePoolIdParam(param)).toBe(expected);
    });

    it.each([
      ['not bech32', 'pool1xyz'],
      ['another prefix', 'stake1uyxk8sd7q7hqjgl3x9cnhm5yzj2x6wjsnc5qa2s0c0u7mfgtd9jdc'],
      ['mixed-case bech32', poolId.slice(0, 10).toUpperCase() + poolId.slice(10)],
      ['hex too long for a bech32 id', 'ab'.repeat(50)],
    ])('rejects %s with Blockfrost’s 400', (_, param) => {
      expect(() => parsePoolIdParam(param)).toThrow(
        new BlockfrostError(400, 'Invalid or malformed pool id format.'),
      );
    });
  });
});
