import type {
  AmountRow,
  TxDelegationRow,
  TxMetadataCborRow,
  TxPoolRetireRow,
  TxPoolUpdateRow,
  TxRedeemerRow,
  TxRow,
  TxUtxoRow,
} from '@frostline/db';
import {
  decodePoolRegistrations,
  hexToBytes,
  poolIdFromHash,
  renderLabelMetadatumJson,
  type TxContent,
  type TxDelegations,
  type TxMetadata,
  type TxPoolRetires,
  type TxPoolUpdates,
  type TxRedeemers,
  type TxUtxos,
} from '@frostline/model';
import { poolAccounts } from '../pools/pools.mapper.js';

const amount = (lovelace: string, assets: AmountRow[] | null): AmountRow[] => [
  { unit: 'lovelace', quantity: lovelace },
  ...(assets ?? []),
];

/** Blockfrost's tx_content in schema order (the SQL already casts every type). */
export function toTxContent(row: TxRow): TxContent {
  return {
    hash: row.hash,
    block: row.block,
    block_height: row.block_height!,
    block_time: row.block_time,
    slot: row.slot,
    index: row.index,
    output_amount: amount(row.output_lovelace, row.output_assets),
    fees: row.fees,
    deposit: row.deposit,
    size: row.size,
    invalid_before: row.invalid_before,
    invalid_hereafter: row.invalid_hereafter,
    utxo_count: row.utxo_count,
    withdrawal_count: row.withdrawal_count,
    mir_cert_count: row.mir_cert_count,
    delegation_count: row.delegation_count,
    stake_cert_count: row.stake_cert_count,
    pool_update_count: row.pool_update_count,
    pool_retire_count: row.pool_retire_count,
    asset_mint_or_burn_count: row.asset_mint_or_burn_count,
    redeemer_count: row.redeemer_count,
    valid_contract: row.valid_contract,
    treasury_donation: row.treasury_donation,
  };
}

/**
 * Inputs and outputs with RYO's keys, in its order (utxos.ts). An input whose output the index never
 * saw has no value to show: its amount is empty (its address is, in the SQL).
 */
export function toTxUtxos(hash: string, rows: TxUtxoRow[]): TxUtxos {
  const common = (row: TxUtxoRow) => ({
    address: row.address,
    amount: row.lovelace === null ? [] : amount(row.lovelace, row.assets),
  });
  return {
    hash,
    inputs: rows
      .filter((row) => row.side === 'input')
      .map((row) => ({
        ...common(row),
        tx_hash: row.tx_hash!,
        output_index: row.output_index,
        data_hash: row.data_hash,
        inline_datum: row.inline_datum,
        reference_script_hash: row.reference_script_hash,
        collateral: row.collateral,
        reference: row.reference,
      })),
    outputs: rows
      .filter((row) => row.side === 'output')
      .map((row) => ({
        ...common(row),
        output_index: row.output_index,
        data_hash: row.data_hash,
        inline_datum: row.inline_datum,
        collateral: row.collateral,
        reference_script_hash: row.reference_script_hash,
        consumed_by_tx: row.consumed_by_tx,
      })),
  };
}

/** RYO repeats the certificate index as the deprecated `index`; the pool as its bech32 id. */
export function toTxDelegations(rows: TxDelegationRow[]): TxDelegations {
  return rows.map((row) => ({
    index: row.cert_index,
    cert_index: row.cert_index,
    address: row.address,
    pool_id: poolIdFromHash(row.pool_hash),
    active_epoch: row.active_epoch,
  }));
}

/**
 * Each label's value as db-sync renders it into tx_metadata.json, from the CBOR stored per label
 * (null where db-sync stores NULL, as RYO then answers).
 */
export function toTxMetadata(rows: TxMetadataCborRow[]): TxMetadata {
  return rows.map((row) => ({
    label: row.label,
    json_metadata: renderLabelMetadatumJson(row.metadata) as TxMetadata[number]['json_metadata'],
  }));
}

export function toTxPoolRetires(rows: TxPoolRetireRow[]): TxPoolRetires {
  return rows.map((row) => ({
    cert_index: row.cert_index,
    pool_id: poolIdFromHash(row.pool_hash),
    retiring_epoch: row.retiring_epoch,
  }));
}

/**
 * Each registration certificate's parameters from the transaction's CBOR, as RYO shows db-sync's
 * pool_update rows: accounts as bech32 of this network (db-sync rewrites a reward account's network tag),
 * no off-chain pool metadata (its ticker, name, description and homepage are null, as in RYO without it).
 */
export function toTxPoolUpdates(rows: TxPoolUpdateRow[], networkId: number): TxPoolUpdates {
  if (rows.length === 0) return [];
  // A transaction with certificates always has its CBOR: the indexer reads them from it.
  const certificates = decodePoolRegistrations(hexToBytes(rows[0]!.cbor!));
  return rows.map((row) => {
    const cert = certificates.find((c) => c.index === row.cert_index)!;
    return {
      cert_index: row.cert_index,
      pool_id: poolIdFromHash(cert.poolHash),
      vrf_key: cert.vrfKeyHash,
      pledge: cert.pledge.toString(),
      margin_cost: cert.margin,
      fixed_cost: cert.cost.toString(),
      ...poolAccounts(cert, networkId),
      metadata: {
        url: cert.metadata?.url ?? null,
        hash: cert.metadata?.hash ?? null,
        ticker: null,
        name: null,
        description: null,
        homepage: null,
      },
      relays: cert.relays as TxPoolUpdates[number]['relays'],
      active_epoch: row.active_epoch,
    };
  });
}

/** Schema order; `datum_hash` repeats `redeemer_data_hash` (deprecated, still required). */
export function toTxRedeemers(rows: TxRedeemerRow[]): TxRedeemers {
  return rows.map((row) => ({
    tx_index: row.tx_index,
    purpose: row.purpose as TxRedeemers[number]['purpose'],
    script_hash: row.script_hash as string,
    redeemer_data_hash: row.redeemer_data_hash,
    datum_hash: row.redeemer_data_hash,
    unit_mem: row.unit_mem,
    unit_steps: row.unit_steps,
    // null only before the indexer stored any protocol parameters, as db-sync's fee without prices
    fee: row.fee as string,
  }));
}
