import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { genesisBlock, type GenesisFunds } from '@frostline/model';
import type { Utxo } from '../ledger/outputs.js';
import type { Network } from './networks.js';

/**
 * The genesis distribution as outputs: Byron AVVM vouchers and balances, and the Shelley genesis
 * `initialFunds` (the custom network's faucets among them). The ledger gives each one the pseudo
 * transaction id blake2b-256(address bytes), index 0; the model builds them as db-sync does.
 */
export function genesisUtxos(network: Network): Utxo[] {
  const { byron, shelley } = network.genesis;
  const funds: GenesisFunds = {
    vouchers: Object.fromEntries(
      Object.entries(byron.avvmDistr as Record<string, string>).map(([key, lovelace]) => [
        Buffer.from(key, 'base64url').toString('hex'),
        BigInt(lovelace),
      ]),
    ),
    byronProtocolMagic: byron.protocolConsts.protocolMagic as number,
    byron: Object.fromEntries(
      Object.entries(byron.nonAvvmBalances as Record<string, string>).map(([address, lovelace]) => [
        address,
        BigInt(lovelace),
      ]),
    ),
    // Shelley genesis keys initial funds by hex address; outputs show them in bech32.
    shelley: Object.fromEntries(
      Object.entries(shelley.initialFunds as Record<string, number>).map(([address, lovelace]) => [
        CSL.Address.from_bytes(Buffer.from(address, 'hex')).to_bech32(),
        lovelace,
      ]),
    ),
  };
  return genesisBlock(funds, 0).transactions.map(({ hash, outputs: [output] }) => ({
    transaction: { id: hash },
    index: 0,
    address: output!.address,
    value: { ada: { lovelace: output!.lovelace } },
  }));
}
