import type { components, paths } from '@blockfrost/openapi';
import type { ScriptDataJson } from './metadata/plutus-data.js';

type Schemas = components['schemas'];

/** One item of `GET /addresses/{address}/utxos/{asset}`. */
export type AddressUtxo = Schemas['address_utxo_content'][number];
/** `GET /assets/{asset}`. */
export type Asset = Schemas['asset'];
/** One item of `GET /assets`. */
export type AssetListItem = Schemas['assets'][number];
/** One item of `GET /assets/{asset}/history`. */
export type AssetHistoryItem = Schemas['asset_history'][number];
/** One item of `GET /assets/policy/{policy_id}`. */
export type AssetPolicyItem = Schemas['asset_policy'][number];
/**
 * One item of `GET /assets/{asset}/utxos`; the package types `inline_datum_json` as an empty object, without the
 * schema's `nullable`.
 */
export type AssetUtxo = Omit<Schemas['asset_utxo_content'][number], 'inline_datum_json'> & {
  inline_datum_json: ScriptDataJson | null;
};
/** One item of `GET /metadata/txs/labels`. */
export type MetadataTxLabel = Schemas['tx_metadata_labels'][number];
/** One item of `GET /metadata/txs/labels/{label}`. */
export type MetadataTxLabelJson = Schemas['tx_metadata_label_json'][number];
/** One item of `GET /metadata/txs/labels/{label}/cbor`. */
export type MetadataTxLabelCbor = Schemas['tx_metadata_label_cbor'][number];
/** One item of `GET /scripts`. */
export type ScriptListItem = Schemas['scripts'][number];
/** One item of `GET /scripts/{script_hash}/utxos`. */
export type ScriptUtxo = Schemas['script_utxos'][number];
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
/** One item of `GET /metrics`: the project's calls on one UTC day. */
export type UsageDay = Schemas['metrics'][number];
/** One item of `GET /metrics/endpoints`: the project's calls of one endpoint on one UTC day. */
export type EndpointUsageDay = Schemas['metrics_endpoints'][number];
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
/** `GET /accounts/{stake_address}/delegations`. */
export type AccountDelegations = Schemas['account_delegation_content'];
/** `GET /accounts/{stake_address}/registrations`. */
export type AccountRegistrations = Schemas['account_registration_content'];
/** `GET /accounts/{stake_address}/withdrawals`. */
export type AccountWithdrawals = Schemas['account_withdrawal_content'];
/** `GET /accounts/{stake_address}/mirs`. */
export type AccountMirs = Schemas['account_mir_content'];
/** `GET /accounts/{stake_address}/addresses`. */
export type AccountAddresses = Schemas['account_addresses_content'];
/** `GET /accounts/{stake_address}/utxos`. */
export type AccountUtxos = Schemas['account_utxo_content'];
/** `GET /addresses/{address}`. */
export type AddressContent = Schemas['address_content'];
/** `GET /addresses/{address}/extended`. */
export type AddressContentExtended = Schemas['address_content_extended'];
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
/** `GET /txs/{hash}/pool_updates`. */
export type TxPoolUpdates = Schemas['tx_content_pool_certs'];
/** `GET /txs/{hash}/redeemers`. */
export type TxRedeemers = Schemas['tx_content_redeemers'];
/** One item of `GET /scripts/{script_hash}/redeemers`. */
export type ScriptRedeemer = Schemas['script_redeemers'][number];
/** `GET /txs/{hash}/required_signers`. */
export type TxRequiredSigners = Schemas['tx_content_required_signers'];
/** `GET /utils/addresses/xpub/{xpub}/{role}/{index}`. */
export type UtilsAddressesXpub = Schemas['utils_addresses_xpub'];
/** `GET /mempool` and `GET /mempool/addresses/{address}`. */
export type MempoolTxHashes = Schemas['mempool_content'];
/** `GET /mempool/{hash}`. */
export type MempoolTx = Schemas['mempool_tx_content'];
/** Body of every non-2xx response; the spec declares the same shape for each status. */
export type ErrorBody = components['responses'][400]['content']['application/json'];

/** `custom` is any other network (a devnet); like Blockfrost it is validated as a testnet. */
export type Network = 'mainnet' | 'preprod' | 'preview' | 'custom';

export function isMainnet(network: Network): boolean {
  return network === 'mainnet';
}
/** The ledger's figures of a pool, which no pool snapshot may hold yet (docs/semantics.md#pools-what-comes-from-the-ledger). */
type PoolLedgerFigure = 'live_stake' | 'live_size' | 'live_saturation' | 'active_stake' | 'active_size';
/** `GET /pools/{pool_id}`; the ledger's figures are null until a pool snapshot holds them. */
export type Pool = Omit<Schemas['pool'], PoolLedgerFigure> & {
  [K in PoolLedgerFigure]: Schemas['pool'][K] | null;
};
type PoolExtendedItem = Schemas['pool_list_extended'][number];
type PoolExtendedLedgerFigure = Extract<PoolLedgerFigure, keyof PoolExtendedItem>;
/** One item of `GET /pools/extended`; the ledger's figures are null until a pool snapshot holds them. */
export type PoolExtended = Omit<PoolExtendedItem, PoolExtendedLedgerFigure> & {
  [K in PoolExtendedLedgerFigure]: PoolExtendedItem[K] | null;
};
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
/** `GET /epochs/latest`, `/epochs/{number}`, and each item of `/epochs/{number}/next` and `/previous`. */
export type Epoch = Schemas['epoch_content'];
/** One item of `GET /pools/retired` and `/pools/retiring`. */
export type PoolRetirement = Schemas['pool_list_retire'][number];
/** `GET /pools/{pool_id}/metadata`: `{}` for a pool whose registration names no metadata. */
export type PoolMetadata = Schemas['pool_metadata'] | Record<string, never>;
/** `GET /pools/{pool_id}/relays`. */
export type PoolRelays = Schemas['pool_relays'];
/** `GET /pools/{pool_id}/updates`. */
export type PoolUpdates = Schemas['pool_updates'];
/** `GET /governance/dreps/{drep_id}`. */
export type DRepContent = Schemas['drep'];
/** One item of `GET /governance/dreps`. */
export type DRepListItem = Schemas['dreps'][number];
/** One item of `GET /governance/dreps/{drep_id}/updates`. */
export type DRepUpdate = Schemas['drep_updates'][number];
/** One item of `GET /governance/dreps/{drep_id}/delegators`. */
export type DRepDelegator = Schemas['drep_delegators'][number];
/** `GET /governance/dreps/{drep_id}/metadata`. */
export type DRepMetadata = Schemas['drep_metadata'];
/** `GET /governance/committee`. */
export type Committee = Schemas['committee'];
/** `GET /governance/proposals`. */
export type Proposals = Schemas['proposals'];
/** `GET /governance/proposals/{tx_hash}/{cert_index}` and `/governance/proposals/{gov_action_id}`. */
export type Proposal = Schemas['proposal'];
/** `GET /governance/proposals/{…}/withdrawals`. */
export type ProposalWithdrawals = Schemas['proposal_withdrawals'];
/** `GET /governance/proposals/{…}/votes`. */
export type ProposalVotes = Schemas['proposal_votes'];
/** `GET /governance/dreps/{drep_id}/votes`. */
export type DRepVotes = Schemas['drep_votes'];
/** `GET /governance/committee/votes`. */
export type CommitteeVotes = Schemas['committee_votes'];
/** `GET /pools/{pool_id}/votes`. */
export type PoolVotes = Schemas['pool_votes'];
/** `GET /governance/proposals/{tx_hash}/{cert_index}/metadata`: only a stored document. */
export type ProposalMetadata = Schemas['proposal_metadata'];
/** `GET /governance/proposals/{gov_action_id}/metadata`: the document's fields null, with `error`, until stored. */
export type ProposalMetadataV2 = Schemas['proposal_metadata_v2'];
/** `GET /governance/proposals/{…}/parameters`. */
export type ProposalParameters = Schemas['proposal_parameters'];
