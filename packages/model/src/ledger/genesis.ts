import bs58 from 'bs58';
import { decodeShelleyAddress, shelleyAddressToBytes } from '../address.js';
import { blake2b256 } from '../blake2b.js';
import { bytesToHex } from '../hex.js';
import type { DecodedBlock } from './block.js';
import { decodeOutput } from './transaction.js';
import type { Amount } from './ogmios-types.js';

/** Initial funds as Ogmios `queryNetwork/genesisConfiguration` reports them (byron and shelley). */
export interface GenesisFunds {
  /** Byron non-AVVM balances, base58 address → lovelace */
  byron?: Record<string, { ada: { lovelace: Amount } } | Amount>;
  /** Shelley initial funds, bech32 address → lovelace */
  shelley?: Record<string, { ada: { lovelace: Amount } } | Amount>;
}

const lovelaceOf = (value: { ada: { lovelace: Amount } } | Amount) =>
  typeof value === 'object' ? BigInt(value.ada.lovelace) : BigInt(value);

function addressBytes(address: string): Uint8Array {
  const shelley = decodeShelleyAddress(address);
  return shelley ? shelleyAddressToBytes(shelley) : bs58.decode(address);
}

/**
 * Chain-sync never delivers the genesis distribution, yet its outputs are spent by the first
 * transactions. db-sync stores each initial fund as a pseudo-transaction whose id is blake2b-256 of
 * the address bytes, with one output at index 0, in a genesis pseudo-block (SEMANTICS.md §8); this
 * builds that block. AVVM vouchers (mainnet's redeem addresses) are not included.
 */
export function genesisBlock(funds: GenesisFunds, systemStartUnix: number): DecodedBlock {
  const entries = [...Object.entries(funds.byron ?? {}), ...Object.entries(funds.shelley ?? {})];
  return {
    // Not a real header hash: the genesis pseudo-block is never a chain-sync point.
    hash: bytesToHex(
      blake2b256(new TextEncoder().encode(`frostline-genesis:${JSON.stringify(entries.map(([a]) => a))}`)),
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
    transactions: entries.map(([address, value]) => ({
      hash: bytesToHex(blake2b256(addressBytes(address))),
      valid: true,
      fee: 0n,
      spends: [],
      outputs: [decodeOutput({ address, value: { ada: { lovelace: lovelaceOf(value) } } }, 0)],
      mints: [],
      metadata: [],
      datums: [],
      certificates: [],
      withdrawals: [],
      proposalStakeAddresses: [],
    })),
  };
}
