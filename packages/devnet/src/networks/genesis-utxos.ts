import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Utxo } from '../chain/utxo-index.js';
import type { Network } from './networks.js';

/**
 * The Shelley genesis `initialFunds` as outputs: the ledger gives each one the pseudo transaction id
 * blake2b-256(address bytes), index 0 (the custom network's faucet is one). Byron genesis balances are
 * not included: nothing the devnet evaluates spends them.
 */
export function genesisUtxos(network: Network): Utxo[] {
  const funds = network.genesis.shelley.initialFunds as Record<string, number>;
  return Object.entries(funds).map(([address, lovelace]) => {
    const bytes = Buffer.from(address, 'hex');
    return {
      transaction: { id: bytesToHex(blake2b(bytes, { dkLen: 32 })) },
      index: 0,
      address: CSL.Address.from_bytes(bytes).to_bech32(),
      value: { ada: { lovelace } },
    };
  });
}
