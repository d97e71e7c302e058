import { splitAssetUnit, type AssetUnit } from './asset-unit.js';
import { bech32Prefix, decodeBech32 } from './bech32.js';
import { isValidByronAddress } from './byron-address.js';
import { BlockfrostError } from './errors.js';
import { bytesToHex, isHex } from './hex.js';
import { checkPathParamRanges, MAX_SIGNED_INT, typedIntegerPathParams } from './request-params.js';
import { isMainnet, type Network } from './types.js';

// Path-parameter checks of Blockfrost RYO (blockfrost-utils validation.ts), quirks included:
// bech32 input is checked for checksum and prefix only, never for its payload.

export const INVALID_ADDRESS_MESSAGE = 'Invalid address for this network or malformed address format.';
export const INVALID_STAKE_ADDRESS_MESSAGE = 'Invalid or malformed stake address format.';
export const INVALID_ASSET_MESSAGE = 'Invalid or malformed asset format.';
export const INVALID_BLOCK_HASH_MESSAGE = 'Missing or malformed block hash.';
export const INVALID_BLOCK_NUMBER_MESSAGE = 'Missing, out of range or malformed block number.';
export const INVALID_XPUB_MESSAGE = 'Invalid or malformed xpub format. Has to be hex of length 128.';
export const INVALID_POLICY_MESSAGE = 'Invalid or malformed policy format.';
export const INVALID_LABEL_MESSAGE = 'Missing, out of range or malformed label.';

/** The largest label Blockfrost accepts: it reads labels as signed 64-bit integers. */
const MAX_SIGNED_BIGINT = 2n ** 63n - 1n;

/**
 * What an `{address}` path parameter selects: outputs whose address string equals `address`
 * exactly, or Shelley outputs whose payment credential hash is `hash` (key or script alike).
 */
export type AddressParam =
  | { kind: 'address'; address: string; era: 'byron' | 'shelley' }
  | { kind: 'paymentCredential'; hash: string };

/** Classifies an `{address}` path parameter; throws a 400 {@link BlockfrostError} if invalid. */
export function parseAddressParam(input: string, network: Network): AddressParam {
  // Bech32 first: most addresses asked for are Shelley ones, and the Byron check of one is a base58 decode
  // that throws (2.5% of the API's CPU on the busy address's first page). The order changes no answer: a
  // string that were both would need a valid bech32 checksum under one of these prefixes and, read as
  // base58, a Byron address with a valid CRC-32.
  const prefix = bech32Prefix(input);
  if (prefix === (isMainnet(network) ? 'addr' : 'addr_test')) {
    return { kind: 'address', address: input, era: 'shelley' };
  }
  // Payment credentials carry no network, so every network accepts them.
  if (prefix === 'addr_vkh' || prefix === 'script') {
    const decoded = decodeBech32(input);
    if (decoded) return { kind: 'paymentCredential', hash: bytesToHex(decoded.bytes) };
  }
  if (isValidByronAddress(input)) return { kind: 'address', address: input, era: 'byron' };
  throw new BlockfrostError(400, INVALID_ADDRESS_MESSAGE);
}

/** `stake1…` on mainnet, `stake_test1…` elsewhere; checksum and prefix only. */
export function isStakeAddressForNetwork(input: string, network: Network): boolean {
  return bech32Prefix(input) === (isMainnet(network) ? 'stake' : 'stake_test');
}

/** Returns the `{stake_address}` unchanged (queries match it exactly); throws a 400 if invalid. */
export function parseStakeAddressParam(input: string, network: Network): string {
  if (!isStakeAddressForNetwork(input, network)) {
    throw new BlockfrostError(400, INVALID_STAKE_ADDRESS_MESSAGE);
  }
  return input;
}

/** Hex of 56-120 characters. Odd lengths and upper case pass (upper case then finds nothing). */
export function isValidAssetUnit(input: string): boolean {
  return isHex(input) && input.length >= 56 && input.length <= 120;
}

/** Splits an `{asset}` path parameter; `lovelace` is the caller's business. Throws a 400 if invalid. */
export function parseAssetParam(input: string): AssetUnit {
  if (!isValidAssetUnit(input)) throw new BlockfrostError(400, INVALID_ASSET_MESSAGE);
  return splitAssetUnit(input);
}

/**
 * Returns the `{policy_id}` unchanged: hex of 56 characters; upper case passes (and then finds nothing).
 * Throws a 400 if invalid.
 */
export function parsePolicyParam(input: string): string {
  if (!(isHex(input) && input.length === 56)) throw new BlockfrostError(400, INVALID_POLICY_MESSAGE);
  return input;
}

/**
 * A `{label}` path parameter as the decimal string to look up, or null for input Blockfrost accepts but looks
 * up as nothing (404): anything JavaScript's BigInt reads as 0..2^63-1 is valid ("0x10", " 7"), yet only plain
 * digits are then matched against labels. Throws a 400 if invalid.
 */
export function parseMetadataLabelParam(input: string): string | null {
  let value: bigint;
  try {
    value = BigInt(input);
  } catch {
    throw new BlockfrostError(400, INVALID_LABEL_MESSAGE);
  }
  if (input === '' || value < 0n || value > MAX_SIGNED_BIGINT)
    throw new BlockfrostError(400, INVALID_LABEL_MESSAGE);
  return /^[0-9]+$/.test(input) ? input : null;
}

/**
 * What a `{hash_or_number}` path parameter selects: a block height, a block hash, or nothing at all
 * (well-formed input that Blockfrost can never find, so a 404).
 */
export type BlockRef = { kind: 'height'; height: number } | { kind: 'hash'; hash: string } | { kind: 'none' };

/** Classifies a `{hash_or_number}` path parameter; throws a 400 {@link BlockfrostError} if invalid. */
export function parseHashOrNumberParam(input: string): BlockRef {
  // blockfrost-utils' isNumber is "Number() reads it", so " 7", "1e3", "0x10" and "Infinity" are numbers…
  const number = Number(input);
  if (input !== '' && !Number.isNaN(number)) {
    if (!(number >= 0 && number <= MAX_SIGNED_INT))
      throw new BlockfrostError(400, INVALID_BLOCK_NUMBER_MESSAGE);
    // …but RYO's SQL looks a height up only for plain digits: other spellings find no block.
    return /^[0-9]+$/.test(input) ? { kind: 'height', height: number } : { kind: 'none' };
  }
  if (!(isHex(input) && input.length === 64)) throw new BlockfrostError(400, INVALID_BLOCK_HASH_MESSAGE);
  // RYO compares with encode(hash, 'hex'), which is lower case: upper-case hex is valid yet never found.
  return input === input.toLowerCase() ? { kind: 'hash', hash: input } : { kind: 'none' };
}

const TX_HASH = /^[0-9a-f]{64}$/;

/**
 * A `{hash}` of `/txs/{hash}…`, or null when it can name no transaction. Blockfrost (RYO) does not
 * validate it: it compares the text with the lower-case hex of stored hashes, so anything else —
 * `stonks_tx`, a short hash, upper-case hex — is simply never found (its fixtures: 404 for `stonks_tx`).
 */
export function parseTxHashParam(input: string): string | null {
  return TX_HASH.test(input) ? input : null;
}

export interface XpubPathParams {
  /** hex of the 32-byte public key and the 32-byte chain code */
  xpub: string;
  role: number;
  index: number;
}

/**
 * The params of `/utils/addresses/xpub/{xpub}/{role}/{index}` as RYO checks them: Ajv's integer type
 * check of role and index, then the xpub (128 hex digits), then role and index in 0..2^31-1. RYO lets
 * 2^31 through, where public derivation fails (it is the first hardened index) and it answers 500;
 * here it is out of range like 2^31+1. Throws a 400 {@link BlockfrostError}.
 */
export function parseXpubPathParams(params: { xpub: string; role: string; index: string }): XpubPathParams {
  const typed = typedIntegerPathParams({ role: params.role, index: params.index });
  if (!(isHex(params.xpub) && params.xpub.length === 128))
    throw new BlockfrostError(400, INVALID_XPUB_MESSAGE);
  return { xpub: params.xpub, ...checkPathParamRanges(typed) };
}
