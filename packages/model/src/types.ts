import type { components } from '@blockfrost/openapi';

type Schemas = components['schemas'];

/** One item of `GET /addresses/{address}/utxos/{asset}`. */
export type AddressUtxo = Schemas['address_utxo_content'][number];
/** `GET /assets/{asset}`. */
export type Asset = Schemas['asset'];
/** `GET /blocks/…` (including `/blocks/epoch/{epoch_number}/slot/{slot_number}`). */
export type Block = Schemas['block_content'];
/** `GET /genesis`. */
export type Genesis = Schemas['genesis_content'];
/** `GET /network`. */
export type NetworkSupplyAndStake = Schemas['network'];
/** One item of `GET /network/eras`. */
export type NetworkEra = Schemas['network-eras'][number];
/** `GET /accounts/{stake_address}`. */
export type Account = Schemas['account_content'];
/** One item of `GET /nutlink/{address}/tickers`. */
export type NutlinkTicker = Schemas['nutlink_address_tickers'][number];
/** Body of every non-2xx response; the spec declares the same shape for each status. */
export type ErrorBody = components['responses'][400]['content']['application/json'];

/** `custom` is any other network (a devnet); like Blockfrost it is validated as a testnet. */
export type Network = 'mainnet' | 'preprod' | 'preview' | 'custom';

export function isMainnet(network: Network): boolean {
  return network === 'mainnet';
}
