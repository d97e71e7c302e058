import { concatBytes } from '@noble/hashes/utils.js';
import { decodeBech32, encodeBech32 } from './bech32.js';
import { CREDENTIAL_HASH_BYTES, credentialHashBytes, type Credential } from './credential.js';
import { bytesToHex } from './hex.js';
import { isMainnet, type Network } from './types.js';

/** Certificate pointer (CIP-19 header types 4 and 5); naturals of unbounded size on chain. */
export interface Pointer {
  slot: bigint;
  txIndex: bigint;
  certIndex: bigint;
}

/** A decoded Shelley-era address (CIP-19), discriminated by what follows the payment part. */
export type ShelleyAddress =
  | { type: 'base'; networkId: number; payment: Credential; stake: Credential }
  | { type: 'pointer'; networkId: number; payment: Credential; pointer: Pointer }
  | { type: 'enterprise'; networkId: number; payment: Credential }
  | { type: 'reward'; networkId: number; stake: Credential };

export const MAINNET_NETWORK_ID = 1;
const TESTNET_NETWORK_ID = 0;

/** The network id the network's Shelley addresses carry in their header: mainnet's, or the one all testnets share. */
export function networkIdOf(network: Network): number {
  return isMainnet(network) ? MAINNET_NETWORK_ID : TESTNET_NETWORK_ID;
}

const SHELLEY_PREFIXES = new Set(['addr', 'addr_test', 'stake', 'stake_test']);

// Byte layout: header, first credential, then a second credential, a pointer or nothing.
// Header-type bit 1 marks the first credential as a script, bit 2 the second (base addresses only).
const SECOND_PART_OFFSET = 1 + CREDENTIAL_HASH_BYTES;

/** CIP-19 header type (upper nibble of the first byte): 0-7 payment addresses, 14-15 reward. */
export function shelleyHeaderType(address: ShelleyAddress): number {
  const scriptBit = (credential: Credential, bit: number) => (credential.type === 'script' ? bit : 0);
  switch (address.type) {
    case 'base':
      return scriptBit(address.payment, 1) | scriptBit(address.stake, 2);
    case 'pointer':
      return 4 | scriptBit(address.payment, 1);
    case 'enterprise':
      return 6 | scriptBit(address.payment, 1);
    case 'reward':
      return 14 | scriptBit(address.stake, 1);
  }
}

/** Decodes `addr…`, `addr_test…`, `stake…` or `stake_test…`; null if malformed. */
export function decodeShelleyAddress(text: string): ShelleyAddress | null {
  const decoded = decodeBech32(text);
  return decoded && SHELLEY_PREFIXES.has(decoded.prefix) ? decodeShelleyAddressBytes(decoded.bytes) : null;
}

export function decodeShelleyAddressBytes(bytes: Uint8Array): ShelleyAddress | null {
  if (bytes.length === 0) return null;
  const headerType = bytes[0] >> 4;
  const networkId = bytes[0] & 0x0f;
  const credentialAt = (offset: number, scriptBit: number): Credential => ({
    type: headerType & scriptBit ? 'script' : 'key',
    hash: bytesToHex(bytes.subarray(offset, offset + CREDENTIAL_HASH_BYTES)),
  });

  if (headerType <= 3) {
    return bytes.length === SECOND_PART_OFFSET + CREDENTIAL_HASH_BYTES
      ? { type: 'base', networkId, payment: credentialAt(1, 1), stake: credentialAt(SECOND_PART_OFFSET, 2) }
      : null;
  }
  if (headerType === 4 || headerType === 5) {
    const pointer = decodePointer(bytes.subarray(SECOND_PART_OFFSET));
    return pointer && { type: 'pointer', networkId, payment: credentialAt(1, 1), pointer };
  }
  if (bytes.length !== SECOND_PART_OFFSET) return null;
  if (headerType === 6 || headerType === 7) {
    return { type: 'enterprise', networkId, payment: credentialAt(1, 1) };
  }
  if (headerType === 14 || headerType === 15) {
    return { type: 'reward', networkId, stake: credentialAt(1, 1) };
  }
  return null;
}

export function shelleyAddressToBytes(address: ShelleyAddress): Uint8Array {
  const header = (shelleyHeaderType(address) << 4) | address.networkId;
  const parts: Uint8Array[] = [Uint8Array.of(header)];
  switch (address.type) {
    case 'base':
      parts.push(credentialHashBytes(address.payment), credentialHashBytes(address.stake));
      break;
    case 'pointer':
      parts.push(credentialHashBytes(address.payment), encodePointer(address.pointer));
      break;
    case 'enterprise':
      parts.push(credentialHashBytes(address.payment));
      break;
    case 'reward':
      parts.push(credentialHashBytes(address.stake));
      break;
  }
  return concatBytes(...parts);
}

/** Bech32 with the CIP-5 prefix implied by the address type and network id. */
export function encodeShelleyAddress(address: ShelleyAddress): string {
  const base = address.type === 'reward' ? 'stake' : 'addr';
  const prefix = address.networkId === MAINNET_NETWORK_ID ? base : `${base}_test`;
  return encodeBech32(prefix, shelleyAddressToBytes(address));
}

function decodePointer(bytes: Uint8Array): Pointer | null {
  const values: bigint[] = [];
  let offset = 0;
  while (values.length < 3) {
    const natural = readNatural(bytes, offset);
    if (!natural) return null;
    values.push(natural.value);
    offset = natural.next;
  }
  if (offset !== bytes.length) return null;
  const [slot, txIndex, certIndex] = values;
  return { slot, txIndex, certIndex };
}

function encodePointer(pointer: Pointer): Uint8Array {
  return Uint8Array.from([pointer.slot, pointer.txIndex, pointer.certIndex].flatMap(writeNatural));
}

// Pointer fields are CIP-19 variable-length naturals (big-endian 7-bit groups, high bit means
// "more bytes follow"); no library we use implements this encoding.
function readNatural(bytes: Uint8Array, start: number): { value: bigint; next: number } | null {
  let value = 0n;
  for (let offset = start; offset < bytes.length; offset++) {
    value = (value << 7n) | BigInt(bytes[offset] & 0x7f);
    if ((bytes[offset] & 0x80) === 0) return { value, next: offset + 1 };
  }
  return null;
}

function writeNatural(value: bigint): number[] {
  if (value < 0n) throw new RangeError('pointer fields are natural numbers');
  const groups = [Number(value & 0x7fn)];
  for (let rest = value >> 7n; rest > 0n; rest >>= 7n) groups.unshift(Number(rest & 0x7fn) | 0x80);
  return groups;
}
