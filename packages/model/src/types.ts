import type { components, paths } from '@blockfrost/openapi';

type Schemas = components['schemas'];

/** One item of `GET /addresses/{address}/utxos/{asset}`. */
export type AddressUtxo = Schemas['address_utxo_content'][number];
/** `GET /assets/{asset}`. */
export type Asset = Schemas['asset'];
/** One item of `GET /assets/{asset}/addresses`. */
export type AssetAddress = Schemas['asset_addresses'][number];
/** `GET /blocks/…` (including `/blocks/epoch/{epoch_number}/slot/{slot_number}`). */
export type Block = Schemas['block_content'];
/** One item of `GET /blocks/{hash_or_number}/txs/cbor` and `/blocks/latest/txs/cbor`. */
export type BlockTxCbor = Schemas['block_content_txs_cbor'][number];
/** One item of `GET /blocks/{hash_or_number}/addresses`. */
export type BlockAddress = Schemas['block_content_addresses'][number];
/** `GET /`: Blockfrost's banner. */
export type RootBanner = paths['/']['get']['responses'][200]['content']['application/json'];
/** `GET /health/clock`. */
export type HealthClock = paths['/health/clock']['get']['responses'][200]['content']['application/json'];
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
/** `GET /nutlink/{address}`. */
export type NutlinkAddress = Schemas['nutlink_address'];
/** One item of `GET /nutlink/{address}/tickers/{ticker}`. */
export type NutlinkTickerRecord = Schemas['nutlink_address_ticker'][number];
/** One item of `GET /nutlink/tickers/{ticker}`. */
export type NutlinkOracleTickerRecord = Schemas['nutlink_tickers_ticker'][number];
/** `GET /txs/{hash}`. */
export type TxContent = Schemas['tx_content'];
/** `GET /txs/{hash}/utxos`. */
export type TxUtxos = Schemas['tx_content_utxo'];
/** `GET /txs/{hash}/cbor`. */
export type TxCbor = Schemas['tx_content_cbor'];
/** `GET /txs/{hash}/metadata/cbor`. */
export type TxMetadataCbor = Schemas['tx_content_metadata_cbor'];
/** `GET /txs/{hash}/metadata`. */
export type TxMetadata = Schemas['tx_content_metadata'];
/** `GET /txs/{hash}/stakes`. */
export type TxStakes = Schemas['tx_content_stake_addr'];
/** `GET /txs/{hash}/delegations`. */
export type TxDelegations = Schemas['tx_content_delegations'];
/** `GET /txs/{hash}/withdrawals`. */
export type TxWithdrawals = Schemas['tx_content_withdrawals'];
/** `GET /txs/{hash}/mirs`. */
export type TxMirs = Schemas['tx_content_mirs'];
/** `GET /txs/{hash}/pool_retires`. */
export type TxPoolRetires = Schemas['tx_content_pool_retires'];
/** `GET /txs/{hash}/required_signers`. */
export type TxRequiredSigners = Schemas['tx_content_required_signers'];
/** Body of every non-2xx response; the spec declares the same shape for each status. */
export type ErrorBody = components['responses'][400]['content']['application/json'];

/** `custom` is any other network (a devnet); like Blockfrost it is validated as a testnet. */
export type Network = 'mainnet' | 'preprod' | 'preview' | 'custom';

export function isMainnet(network: Network): boolean {
  return network === 'mainnet';
}
/** `GET /epochs/latest/parameters` and `GET /epochs/{number}/parameters`. */
export type EpochParameters = Schemas['epoch_param_content'];
/** `GET /scripts/{script_hash}`. */
export type Script = Schemas['script'];
/** `GET /scripts/{script_hash}/cbor`. */
export type ScriptCbor = Schemas['script_cbor'];
/** `GET /scripts/{script_hash}/json`. */
export type ScriptJson = Schemas['script_json'];
/** `GET /scripts/datum/{datum_hash}`. */
export type ScriptDatum = Schemas['script_datum'];
/** `GET /scripts/datum/{datum_hash}/cbor`. */
export type ScriptDatumCbor = Schemas['script_datum_cbor'];
