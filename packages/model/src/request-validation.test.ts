import { encodeBech32 } from './bech32.js';
import { BlockfrostError } from './errors.js';
import {
  INVALID_ADDRESS_MESSAGE,
  INVALID_ASSET_MESSAGE,
  INVALID_BLOCK_HASH_MESSAGE,
  INVALID_BLOCK_NUMBER_MESSAGE,
  INVALID_LABEL_MESSAGE,
  INVALID_POLICY_MESSAGE,
  INVALID_STAKE_ADDRESS_MESSAGE,
  INVALID_XPUB_MESSAGE,
  isStakeAddressForNetwork,
  isValidAssetUnit,
  parseAddressParam,
  parseAssetParam,
  parseHashOrNumberParam,
  parseMetadataLabelParam,
  parsePolicyParam,
  parseStakeAddressParam,
  parseTxHashParam,
  parseXpubPathParams,
  type AddressParam,
} from './request-validation.js';
import { byteaToHex, utilsCases, utilsFixtures } from './test-support/blockfrost-utils-fixtures.js';
import { asNetwork, readTestData } from './test-support/test-data.js';
import type { Network } from './types.js';

function tryParseAddress(input: string, network: Network): AddressParam | null {
  try {
    return parseAddressParam(input, network);
  } catch (error) {
    expect(error).toEqual(new BlockfrostError(400, INVALID_ADDRESS_MESSAGE));
    return null;
  }
}

/** blockfrost-utils' answer for an address: `byron`, `shelley` (addresses and payment credentials) or none. */
function addressType(param: AddressParam | null): 'byron' | 'shelley' | null {
  if (!param) return null;
  return param.kind === 'address' ? param.era : 'shelley';
}

describe('blockfrost-utils fixtures', () => {
  it.each(utilsCases('detectAndValidateAddressType'))('detectAndValidateAddressType: %s', (_, fixture) => {
    const param = tryParseAddress(fixture.input as string, asNetwork(fixture.network!));
    expect(addressType(param)).toBe(fixture.result);
  });

  it.each(utilsCases('getAddressTypeAndPaymentCred'))('getAddressTypeAndPaymentCred: %s', (_, fixture) => {
    const expected = fixture.result as { addressType: string | null; paymentCred?: string };
    const param = tryParseAddress(fixture.address!, asNetwork(fixture.network!));

    expect(addressType(param)).toBe(expected.addressType);
    const hash = param?.kind === 'paymentCredential' ? param.hash : undefined;
    expect(hash).toBe(expected.paymentCred && byteaToHex(expected.paymentCred));
  });

  it.each(utilsCases('validateStakeAddress'))('validateStakeAddress: %s', (_, fixture) => {
    expect(isStakeAddressForNetwork(fixture.input as string, asNetwork(fixture.network!))).toBe(
      fixture.result,
    );
  });

  it.each(utilsCases('validateAsset'))('validateAsset: %s', (_, fixture) => {
    expect(isValidAssetUnit(fixture.input as string)).toBe(fixture.result);
  });

  // Groups that belong to endpoints or storage strategies frostline does not have:
  it.skip('isNumber: decides hash-vs-number for /blocks/{hash_or_number}, which is not one of our endpoints', () => {});
  const XPUB = utilsFixtures.validateDerivationXpub!.find((fixture) => fixture.result === true)!
    .input as string;
  const xpubOutcome = (params: { xpub: string; role: string; index: string }) => {
    try {
      return parseXpubPathParams(params);
    } catch (error) {
      return (error as BlockfrostError).message;
    }
  };

  it.each(utilsCases('validateDerivationXpub'))('validateDerivationXpub: %s', (_, fixture) => {
    const outcome = xpubOutcome({ xpub: fixture.input as string, role: '0', index: '0' });
    expect(outcome).toEqual(
      fixture.result ? { xpub: fixture.input, role: 0, index: 0 } : INVALID_XPUB_MESSAGE,
    );
  });

  // RYO lets 2^31 through to a derivation that fails (a 500): here it is out of range.
  it.each(utilsCases('validateInRangeUnsignedInt').filter(([, fixture]) => fixture.input !== 2 ** 31))(
    'validateInRangeUnsignedInt (xpub role and index): %s',
    (_, fixture) => {
      const value = String(fixture.input);
      const typed = value !== '' && !Number.isNaN(Number(value));
      for (const name of ['role', 'index'] as const) {
        const outcome = xpubOutcome({ xpub: XPUB, role: '0', index: '0', [name]: value });
        if (fixture.result) expect(outcome).toMatchObject({ [name]: Number(value) });
        else
          expect(outcome).toBe(
            typed ? `Missing, out of range or malformed ${name}.` : `params/${name} must be integer`,
          );
      }
    },
  );

  it('checks the types of role and index before the xpub, and their ranges after it', () => {
    expect(xpubOutcome({ xpub: 'stonks', role: 'x', index: '0' })).toBe('params/role must be integer');
    expect(xpubOutcome({ xpub: 'stonks', role: '-1', index: '0' })).toBe(INVALID_XPUB_MESSAGE);
    expect(xpubOutcome({ xpub: XPUB, role: '0', index: String(2 ** 31) })).toBe(
      'Missing, out of range or malformed index.',
    );
  });

  it.skip('validateBlockHash, validatePolicy: validators of endpoints frostline does not have', () => {});
  it.skip('validatePositiveInRangeSignedBigInt: params of endpoints frostline does not have', () => {});
  it.skip('getPaymentPartBech32: RYO builds LIKE-prefixes on address text; frostline stores payment credentials', () => {});
});

describe('address parameter quirks (docs/semantics.md#address-parameters)', () => {
  const mainnetBase =
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x';
  const testnetBase =
    'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae';
  const scriptHash = 'c37b1b5dc0669f1d3c61a6fddb2e8fde96be87b881c60bce8e8d542f';

  it('accepts each network its own prefix only; custom is a testnet', () => {
    expect(tryParseAddress(mainnetBase, 'mainnet')).toEqual({
      kind: 'address',
      address: mainnetBase,
      era: 'shelley',
    });
    expect(tryParseAddress(mainnetBase, 'preprod')).toBeNull();
    expect(tryParseAddress(testnetBase, 'mainnet')).toBeNull();
    for (const network of ['preprod', 'preview', 'custom'] as const) {
      expect(tryParseAddress(testnetBase, network)?.kind).toBe('address');
    }
  });

  it('keeps an upper-case address verbatim, so the exact-match query finds nothing', () => {
    const upper = mainnetBase.toUpperCase();
    expect(tryParseAddress(upper, 'mainnet')).toEqual({ kind: 'address', address: upper, era: 'shelley' });
  });

  it('checks only prefix and checksum, not the payload', () => {
    const garbage = encodeBech32('addr', Uint8Array.of(0xff, 1, 2, 3));
    expect(tryParseAddress(garbage, 'mainnet')?.kind).toBe('address');
  });

  it('accepts 1000-character bech32 but not longer', () => {
    const payloadFor = (length: number) =>
      new Uint8Array(Math.floor(((length - 'addr1'.length - 6) * 5) / 8));
    const longest = encodeBech32('addr', payloadFor(1000));
    expect(longest.length).toBeLessThanOrEqual(1000);
    expect(tryParseAddress(longest, 'mainnet')?.kind).toBe('address');
    expect(tryParseAddress(longest + 'q', 'mainnet')).toBeNull();
  });

  it('accepts script1 payment credentials on any network and Byron addresses on every network', () => {
    const script = encodeBech32('script', Uint8Array.from(Buffer.from(scriptHash, 'hex')));
    expect(tryParseAddress(script, 'preview')).toEqual({ kind: 'paymentCredential', hash: scriptHash });
    const byron = 'Ae2tdPwUPEYwNguM7TB3dMnZMfZxn1pjGHyGdjaF4mFqZF9L3bj6cdhiH8t';
    expect(tryParseAddress(byron, 'preprod')).toEqual({ kind: 'address', address: byron, era: 'byron' });
  });

  it('rejects a payment verification key (addr_vk1…) on every network, as RYO does', () => {
    // RYO validates with blockfrost-utils, whose detectAndValidateAddressType answers no type for an addr_vk
    // (its own fixture, "Valid paymentCred address (addr_vk)"), so /addresses/{address} answers 400 before
    // the key would be hashed into a credential.
    const key = utilsFixtures.paymentCredFromBech32Address!.find((fixture) =>
      (fixture.input as string).startsWith('addr_vk1'),
    )!.input as string;
    for (const network of ['mainnet', 'preprod', 'preview', 'custom'] as const) {
      expect(tryParseAddress(key, network)).toBeNull();
    }
  });

  it('rejects a Byron address with a broken CRC', () => {
    // Same payload, last base58 digit changed: CBOR still parses but the CRC32 no longer matches.
    expect(
      tryParseAddress('Ae2tdPwUPEYwNguM7TB3dMnZMfZxn1pjGHyGdjaF4mFqZF9L3bj6cdhiH8u', 'mainnet'),
    ).toBeNull();
  });
});

describe('CIP-5 prefixes', () => {
  interface Prefix {
    prefix: string;
    deprecated: boolean;
  }
  const prefixes = readTestData<{ prefixes: Prefix[] }>('cip5_prefixes.json').prefixes;
  const distinctPrefixes = [...new Set(prefixes.map((entry) => entry.prefix))];
  const payload = new Uint8Array(29).fill(0x61);

  it('lists every prefix we emit as current', () => {
    const current = new Set(prefixes.filter((entry) => !entry.deprecated).map((entry) => entry.prefix));
    for (const emitted of [
      'addr',
      'addr_test',
      'stake',
      'stake_test',
      'addr_vkh',
      'script',
      'asset',
      'pool',
      'vrf_vk',
      'drep',
    ]) {
      expect(current).toContain(emitted);
    }
  });

  it.each(distinctPrefixes)('%s as an {address} or {stake_address} parameter', (prefix) => {
    const text = encodeBech32(prefix, payload);
    const acceptedAsAddress = (network: Network) => tryParseAddress(text, network) !== null;

    expect(acceptedAsAddress('mainnet')).toBe(['addr', 'addr_vkh', 'script'].includes(prefix));
    expect(acceptedAsAddress('preview')).toBe(['addr_test', 'addr_vkh', 'script'].includes(prefix));
    expect(isStakeAddressForNetwork(text, 'mainnet')).toBe(prefix === 'stake');
    expect(isStakeAddressForNetwork(text, 'preprod')).toBe(prefix === 'stake_test');
  });
});

describe('stake address and asset parameters', () => {
  const stake = 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw';

  it('returns a valid stake address unchanged and rejects the other network', () => {
    expect(parseStakeAddressParam(stake, 'mainnet')).toBe(stake);
    expect(() => parseStakeAddressParam(stake, 'custom')).toThrow(
      new BlockfrostError(400, INVALID_STAKE_ADDRESS_MESSAGE),
    );
  });

  it('splits a valid asset unit and rejects malformed ones', () => {
    const unit = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae6e7574636f696e';
    expect(parseAssetParam(unit)).toEqual({
      unit,
      policyId: '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae',
      assetName: '6e7574636f696e',
    });
    expect(() => parseAssetParam('lovelace')).toThrow(new BlockfrostError(400, INVALID_ASSET_MESSAGE));
    expect(isValidAssetUnit('A'.repeat(57))).toBe(true);
  });
});

describe('{hash_or_number} parameters', () => {
  const hash = '5f20df933584822601f9e3f8c024eb5eb252fe8cefb24d1317dc3d432e940ebb';

  it('selects a height for plain digits and a hash for 64 lower-case hex digits', () => {
    expect(parseHashOrNumberParam('5251114')).toEqual({ kind: 'height', height: 5251114 });
    expect(parseHashOrNumberParam('007')).toEqual({ kind: 'height', height: 7 });
    expect(parseHashOrNumberParam('0')).toEqual({ kind: 'height', height: 0 });
    expect(parseHashOrNumberParam('2147483647')).toEqual({ kind: 'height', height: 2147483647 });
    expect(parseHashOrNumberParam(hash)).toEqual({ kind: 'hash', hash });
  });

  it('finds nothing for numbers that are not plain digits, nor for upper-case hashes (as RYO)', () => {
    for (const input of ['1e3', ' 7', '0x10', '-0', '5.0', hash.toUpperCase()]) {
      expect(parseHashOrNumberParam(input)).toEqual({ kind: 'none' });
    }
  });

  it.each([
    ['6969696969696969', INVALID_BLOCK_NUMBER_MESSAGE],
    ['2147483648', INVALID_BLOCK_NUMBER_MESSAGE],
    ['-1', INVALID_BLOCK_NUMBER_MESSAGE],
    ['Infinity', INVALID_BLOCK_NUMBER_MESSAGE],
    ['1'.repeat(64), INVALID_BLOCK_NUMBER_MESSAGE],
    ['stonks_block', INVALID_BLOCK_HASH_MESSAGE],
    ['deadbeef', INVALID_BLOCK_HASH_MESSAGE],
    [hash + '0', INVALID_BLOCK_HASH_MESSAGE],
    ['Ae2tdPwUPEZEdDxg52so2k6iB5tLtNoATiNdKMCBHiAQHWGTpd2n6Lrym7Cabc69', INVALID_BLOCK_HASH_MESSAGE],
  ])('rejects %s with 400 "%s"', (input, message) => {
    expect(() => parseHashOrNumberParam(input)).toThrow(new BlockfrostError(400, message));
  });

  it.each(utilsCases('validateBlockHash'))('blockfrost-utils validateBlockHash: %s', (_, fixture) => {
    expect(() => parseHashOrNumberParam(fixture.input as string)).toThrow(
      new BlockfrostError(400, INVALID_BLOCK_HASH_MESSAGE),
    );
  });
});

describe('transaction hash parameter', () => {
  const hash = '4f70a86476cee998a9efc546214b9029649759b4bc0fc46b59779681278403e6';

  it('accepts 64 lower-case hex digits', () => {
    expect(parseTxHashParam(hash)).toBe(hash);
  });

  it.each([hash.toUpperCase(), 'stonks_tx', hash.slice(1), `${hash}00`, `${hash.slice(2)}zz`, ''])(
    'finds nothing for %p, as Blockfrost (404)',
    (input) => {
      expect(parseTxHashParam(input)).toBeNull();
    },
  );
});

/** The value parsed, or the message of the 400 it throws. */
function parsed(parse: () => unknown): unknown {
  try {
    return parse();
  } catch (error) {
    return error instanceof BlockfrostError && error.status === 400 ? error.message : error;
  }
}

describe('parsePolicyParam', () => {
  const policy = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
  it.each([
    [policy, policy],
    [policy.toUpperCase(), policy.toUpperCase()],
    ['policy_stonks', INVALID_POLICY_MESSAGE],
    [policy.slice(2), INVALID_POLICY_MESSAGE],
    [`${policy}00`, INVALID_POLICY_MESSAGE],
  ])('%s', (input, expected) => {
    expect(parsed(() => parsePolicyParam(input))).toBe(expected);
  });

  it.each(utilsCases('validatePolicy'))('blockfrost-utils validatePolicy: %s', (_, fixture) => {
    expect(parsed(() => parsePolicyParam(String(fixture.input))) === fixture.input).toBe(fixture.result);
  });
});

describe('parseMetadataLabelParam', () => {
  it.each([
    ['0', '0'],
    ['1968', '1968'],
    ['9223372036854775807', '9223372036854775807'],
    // valid for Blockfrost's BigInt check, but never equal to a label's digits
    ['0x10', null],
    [' 7', null],
    ['', INVALID_LABEL_MESSAGE],
    ['-98745641', INVALID_LABEL_MESSAGE],
    ['98745641894894564545', INVALID_LABEL_MESSAGE],
    ['9223372036854775808', INVALID_LABEL_MESSAGE],
    ['stonks', INVALID_LABEL_MESSAGE],
    ['1.5', INVALID_LABEL_MESSAGE],
  ])('%j', (input, expected) => {
    expect(parsed(() => parseMetadataLabelParam(input))).toBe(expected);
  });

  it.each(utilsCases('validatePositiveInRangeSignedBigInt'))(
    'blockfrost-utils validatePositiveInRangeSignedBigInt: %s',
    (_, fixture) => {
      expect(parsed(() => parseMetadataLabelParam(String(fixture.input))) !== INVALID_LABEL_MESSAGE).toBe(
        fixture.result,
      );
    },
  );
});
