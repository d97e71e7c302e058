import {
  decodeShelleyAddress,
  encodeShelleyAddress,
  networkIdOf,
  shelleyAddressToBytes,
  shelleyHeaderType,
  type ShelleyAddress,
} from './address.js';
import { encodeBech32 } from './bech32.js';
import { isValidByronAddress } from './byron-address.js';
import type { Credential } from './credential.js';
import { bytesToHex } from './hex.js';
import { stakeAddressFromCredential } from './stake-address.js';
import { readTestData } from './test-support/test-data.js';

interface DecodedShelley {
  address: string;
  bytes_hex: string;
  header_type: number;
  network_tag: number;
  kind: 'shelley' | 'stake';
  payment_credential?: Credential;
  delegation_part?:
    Credential | { type: 'pointer'; slot: number; tx_index: number; cert_index: number } | null;
  stake_credential?: Credential;
  stake_address?: string;
}

interface Cip19File {
  vectors: DecodedShelley[];
  encoding_examples_table: {
    type: string;
    example: string;
    decoded?: DecodedShelley & { crc32_valid?: boolean };
  }[];
}

interface BlockfrostAddressVector {
  blockfrost: { address: string; stake_address: unknown; script: boolean };
  derived: Partial<DecodedShelley> & { kind: string; hash?: string };
}

const cip19 = readTestData<Cip19File>('cip19_vectors.json');
const blockfrostVectors = readTestData<{ vectors: BlockfrostAddressVector[] }>(
  'blockfrost_address_vectors.json',
).vectors;

/** The vector's view of a decoded address, so whole objects can be compared. */
function expectedAddress(vector: DecodedShelley): ShelleyAddress {
  const networkId = vector.network_tag;
  if (vector.kind === 'stake') return { type: 'reward', networkId, stake: vector.stake_credential! };
  const payment = vector.payment_credential!;
  const delegation = vector.delegation_part;
  if (!delegation) return { type: 'enterprise', networkId, payment };
  if (delegation.type === 'pointer') {
    const pointer = {
      slot: BigInt(delegation.slot),
      txIndex: BigInt(delegation.tx_index),
      certIndex: BigInt(delegation.cert_index),
    };
    return { type: 'pointer', networkId, payment, pointer };
  }
  return { type: 'base', networkId, payment, stake: delegation };
}

function stakeAddressOf(address: ShelleyAddress): string | null {
  return address.type === 'base' ? stakeAddressFromCredential(address.stake, address.networkId) : null;
}

describe('CIP-19 test vectors', () => {
  it.each(cip19.vectors.map((vector) => [vector.address, vector] as const))('%s', (text, vector) => {
    const address = decodeShelleyAddress(text);

    expect(address).toEqual(expectedAddress(vector));
    expect(shelleyHeaderType(address!)).toBe(vector.header_type);
    expect(bytesToHex(shelleyAddressToBytes(address!))).toBe(vector.bytes_hex);
    expect(encodeShelleyAddress(address!)).toBe(text);
    if (vector.stake_address && address!.type !== 'reward') {
      expect(stakeAddressOf(address!)).toBe(vector.stake_address);
    }
  });

  it('validates the Byron example of the encoding table', () => {
    const byron = cip19.encoding_examples_table.find((example) => example.type === 'Byron')!;
    expect(byron.decoded?.crc32_valid).toBe(true);
    expect(isValidByronAddress(byron.example)).toBe(true);
  });

  it('decodes the Shelley example of the encoding table', () => {
    const shelley = cip19.encoding_examples_table.find((example) => example.type === 'Shelley')!;
    const address = decodeShelleyAddress(shelley.example);
    expect(address).toEqual(expectedAddress(shelley.decoded!));
    // Not re-encoded: CIP-19 prints this testnet-tagged (network 0) payload with the mainnet
    // prefix `addr`, whereas encoding derives the prefix from the network id.
    expect(bytesToHex(shelleyAddressToBytes(address!))).toBe(shelley.decoded!.bytes_hex);
  });

  it('gives each network the id its vectors carry: mainnet 1, every testnet 0', () => {
    const idsBy = (prefix: string) => [
      ...new Set(
        cip19.vectors
          .filter((vector) => vector.address.startsWith(prefix))
          .map((vector) => decodeShelleyAddress(vector.address)!.networkId),
      ),
    ];
    expect(idsBy('addr1')).toEqual([networkIdOf('mainnet')]);
    expect(idsBy('addr_test1')).toEqual([networkIdOf('preprod')]);
    expect([
      networkIdOf('mainnet'),
      networkIdOf('preprod'),
      networkIdOf('preview'),
      networkIdOf('custom'),
    ]).toEqual([1, 0, 0, 0]);
  });

  it('rejects the stake example of the encoding table, whose header 0x60 is not a stake header', () => {
    // The vector file marks it "illustrative only"; its payload is an enterprise address.
    const stake = cip19.encoding_examples_table.find((example) => example.type === 'stake')!;
    expect(decodeShelleyAddress(stake.example)?.type).toBe('enterprise');
  });
});

describe('Blockfrost /addresses vectors', () => {
  const shelleyVectors = blockfrostVectors.filter((vector) => vector.derived.kind === 'shelley');

  it.each(shelleyVectors.map((vector) => [vector.blockfrost.address, vector] as const))(
    '%s',
    (text, vector) => {
      const address = decodeShelleyAddress(text)!;

      expect(address).toEqual(expectedAddress(vector.derived as DecodedShelley));
      expect(address.type !== 'reward' && address.payment.type === 'script').toBe(vector.blockfrost.script);
      // Some fixtures only assert "a stake address or null" through a matcher object.
      if (typeof vector.blockfrost.stake_address === 'string' || vector.blockfrost.stake_address === null) {
        expect(stakeAddressOf(address)).toBe(vector.blockfrost.stake_address);
      }
    },
  );
});

describe('Shelley address codec', () => {
  const payment: Credential = {
    type: 'key',
    hash: '9493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e',
  };

  it('round-trips pointer naturals wider than 64 bits', () => {
    const pointer = { slot: 2n ** 70n + 5n, txIndex: 0n, certIndex: 127n };
    const text = encodeShelleyAddress({ type: 'pointer', networkId: 1, payment, pointer });
    expect(decodeShelleyAddress(text)).toEqual({ type: 'pointer', networkId: 1, payment, pointer });
  });

  it('rejects truncated payloads, unknown header types and other prefixes', () => {
    const enterprise = shelleyAddressToBytes({ type: 'enterprise', networkId: 1, payment });
    expect(decodeShelleyAddress(encodeBech32('addr', enterprise.subarray(0, 20)))).toBeNull();
    expect(
      decodeShelleyAddress(encodeBech32('addr', Uint8Array.of(0x81, ...enterprise.subarray(1)))),
    ).toBeNull();
    expect(decodeShelleyAddress(encodeBech32('addr_vkh', enterprise))).toBeNull();
    // A pointer whose last natural never terminates (high bit still set).
    expect(
      decodeShelleyAddress(encodeBech32('addr', Uint8Array.of(0x41, ...enterprise.subarray(1), 1, 2, 0x83))),
    ).toBeNull();
  });
});
