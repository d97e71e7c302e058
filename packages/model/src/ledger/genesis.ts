import { crc32 } from 'node:zlib';
import { sha3_256 } from '@noble/hashes/sha3.js';
import bs58 from 'bs58';
import { Encoder, Tag } from 'cbor-x';
import { decodeShelleyAddress, shelleyAddressToBytes } from '../address.js';
import { blake2b224, blake2b256 } from '../blake2b.js';
import { bytesToHex, hexToBytes } from '../hex.js';
import type { DecodedBlock } from './block.js';
import { NO_TRANSACTION_DETAILS, decodeOutput } from './transaction.js';
import type { Amount } from './ogmios-types.js';

type GenesisAmount = { ada: { lovelace: Amount } } | Amount;

/** Initial funds as Ogmios `queryNetwork/genesisConfiguration` reports them (byron and shelley). */
export interface GenesisFunds {
  /** Byron AVVM vouchers (`initialVouchers`): redeem verification key hex → lovelace */
  vouchers?: Record<string, GenesisAmount>;
  /** Byron protocol magic (`networkMagic`): testnet redeem addresses carry it; needed with vouchers */
  byronProtocolMagic?: number;
  /** Byron non-AVVM balances, base58 address → lovelace */
  byron?: Record<string, GenesisAmount>;
  /** Shelley initial funds, bech32 address → lovelace */
  shelley?: Record<string, GenesisAmount>;
}

/**
 * Byron genesis hashes of the public networks: blake2b-256 of the canonical JSON of the Byron genesis
 * file (`byronGenesisHash`), the hash db-sync gives its genesis block and the `ancestor` of the first
 * block. Mainnet and preview: the genesis files; preprod: db-sync's genesis block in the Blockfrost
 * test fixtures (`blocks/1/previous` on preprod).
 */
export const BYRON_GENESIS_HASHES = {
  mainnet: '5f20df933584822601f9e3f8c024eb5eb252fe8cefb24d1317dc3d432e940ebb',
  preprod: 'd4b8de7a11d929a323373cbab6c1a9bdc931beffff11db111cf9d57356ee1937',
  preview: '83de1d7302569ad56cf9139a41e2e11346d4cb4a31c00142557b6ab3fa550761',
} as const;

/** cardano-node's Byron genesis hash: blake2b-256 of the file's canonical JSON (keys sorted, no spaces). */
export function byronGenesisHash(genesisFile: unknown): string {
  return bytesToHex(blake2b256(new TextEncoder().encode(canonicalJson(genesisFile))));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

/** Mainnet's protocol magic; every other network's Byron addresses carry their magic. */
const MAINNET_PROTOCOL_MAGIC = 764824073;
const REDEEM_ADDRESS = 2;
const NETWORK_MAGIC_ATTRIBUTE = 2;
// Ledger maps have integer keys and byte strings must not get cbor-x's typed-array tag.
const cbor = new Encoder({ mapsAsObjects: false, useRecords: false, tagUint8Array: false });

/**
 * The Byron redeem address of an AVVM voucher (cardano-ledger `makeRedeemAddress`): CBOR
 * `[#6.24(bytes .cbor [root, attributes, 2]), crc32]` whose root is blake2b-224(sha3-256 of
 * `[2, [2, key], attributes]`); outside mainnet the attributes hold the protocol magic (key 2).
 */
export function redeemAddress(verificationKey: Uint8Array, protocolMagic: number): Uint8Array {
  const attributes = new Map<number, Uint8Array>();
  if (protocolMagic !== MAINNET_PROTOCOL_MAGIC)
    attributes.set(NETWORK_MAGIC_ATTRIBUTE, cbor.encode(protocolMagic));
  const root = blake2b224(
    sha3_256(cbor.encode([REDEEM_ADDRESS, [REDEEM_ADDRESS, verificationKey], attributes])),
  );
  const payload = cbor.encode([root, attributes, REDEEM_ADDRESS]);
  return cbor.encode([new Tag(payload, 24), crc32(payload)]);
}

const lovelaceOf = (value: GenesisAmount) =>
  typeof value === 'object' ? BigInt(value.ada.lovelace) : BigInt(value);

function addressBytes(address: string): Uint8Array {
  const shelley = decodeShelleyAddress(address);
  return shelley ? shelleyAddressToBytes(shelley) : bs58.decode(address);
}

/** Every genesis output as db-sync lists them: AVVM vouchers, then Byron balances, then Shelley funds. */
function genesisOutputs(funds: GenesisFunds): { address: string; bytes: Uint8Array; lovelace: bigint }[] {
  const vouchers = Object.entries(funds.vouchers ?? {});
  if (vouchers.length > 0 && funds.byronProtocolMagic === undefined)
    throw new Error('genesis vouchers need the Byron protocol magic');
  return [
    ...vouchers.map(([key, value]) => {
      const bytes = redeemAddress(hexToBytes(key), funds.byronProtocolMagic!);
      return { address: bs58.encode(bytes), bytes, lovelace: lovelaceOf(value) };
    }),
    ...[...Object.entries(funds.byron ?? {}), ...Object.entries(funds.shelley ?? {})].map(
      ([address, value]) => ({ address, bytes: addressBytes(address), lovelace: lovelaceOf(value) }),
    ),
  ];
}

/**
 * Chain-sync never delivers the genesis distribution, yet its outputs are spent by the first
 * transactions (and AVVM vouchers by mainnet's redemptions). db-sync stores each initial fund as a
 * pseudo-transaction whose id is blake2b-256 of the address bytes, with one output at index 0, in a
 * genesis pseudo-block named by the Byron genesis hash (docs/semantics.md#what-chain-sync-does-not-deliver;
 * db-sync `Era/Byron/Genesis.hs`); this builds that block. Without `genesisHash` (unknown for a custom
 * network) the block gets a synthetic hash.
 */
export function genesisBlock(
  funds: GenesisFunds,
  systemStartUnix: number,
  genesisHash?: string,
): DecodedBlock {
  const outputs = genesisOutputs(funds);
  return {
    hash:
      genesisHash ??
      bytesToHex(
        blake2b256(
          new TextEncoder().encode(`frostline-genesis:${JSON.stringify(outputs.map((o) => o.address))}`),
        ),
      ),
    height: null,
    slot: 0,
    isEbb: false,
    era: 'genesis',
    epoch: 0,
    epochSlot: null,
    time: systemStartUnix,
    size: 0,
    previousHash: null,
    issuer: { kind: 'genesis' },
    transactions: outputs.map(({ address, bytes, lovelace }) => ({
      hash: bytesToHex(blake2b256(bytes)),
      valid: true,
      fee: 0n,
      spends: [],
      outputs: [decodeOutput({ address, value: { ada: { lovelace } } }, 0)],
      mints: [],
      metadata: [],
      datums: [],
      scripts: [],
      certificates: [],
      withdrawals: [],
      proposalStakeAddresses: [],
      proposals: [],
      votes: [],
      details: NO_TRANSACTION_DETAILS,
    })),
  };
}
