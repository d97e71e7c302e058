import { ledgerTxSize, type DecodedOutput, type MempoolTx } from '@frostline/model';
import type { PendingTransaction } from './mempool-snapshots.js';

type Amount = { unit: string; quantity: string }[];

const lovelaceOnly = (output: DecodedOutput): Amount => [
  { unit: 'lovelace', quantity: String(output.lovelace) },
];
const amount = (output: DecodedOutput): Amount => [
  ...lovelaceOnly(output),
  ...output.assets.map((asset) => ({ unit: asset.policy + asset.name, quantity: String(asset.quantity) })),
];

/**
 * /txs/{hash}'s output_amount: the lovelace of all outputs, then one entry per output and asset in
 * unit order, not summed (RYO's json_agg over the outputs' assets).
 */
function outputAmount(outputs: DecodedOutput[]): Amount {
  const lovelace = outputs.reduce((sum, output) => sum + output.lovelace, 0n);
  const assets = outputs
    .flatMap((output) => output.assets.map((asset) => ({ unit: asset.policy + asset.name, asset, output })))
    .sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : a.output.index - b.output.index));
  return [
    { unit: 'lovelace', quantity: String(lovelace) },
    ...assets.map(({ unit, asset }) => ({ unit, quantity: String(asset.quantity) })),
  ];
}

const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;

/**
 * A pending transaction as Blockfrost's mempool_tx_content: `tx` with what /txs/{hash} shows of a
 * transaction that is in no block yet, inputs and outputs as /txs/{hash}/utxos lists them (an input
 * whose output neither the index nor the mempool knows has no address), and the redeemers.
 */
export function toMempoolTx({ tx, redeemers, inputs, deposit }: PendingTransaction): MempoolTx {
  const { details, certificates } = tx;
  // An invalid transaction's only output is its collateral return: shown as an output and again as collateral.
  const collateralReturn = details.collateralReturn ?? (tx.valid ? null : (tx.outputs[0] ?? null));
  return {
    tx: {
      hash: tx.hash,
      output_amount: outputAmount(tx.outputs),
      fees: String(tx.fee ?? 0n),
      deposit: String(deposit),
      size: details.cbor === null ? 0 : ledgerTxSize(details.cbor),
      invalid_before: details.invalidBefore === null ? null : String(details.invalidBefore),
      invalid_hereafter: details.invalidHereafter === null ? null : String(details.invalidHereafter),
      utxo_count: tx.spends.length + tx.outputs.length,
      withdrawal_count: tx.withdrawals.length,
      // RYO counts a transaction once per pot it has MIRs from.
      mir_cert_count: new Set(certificates.flatMap((cert) => (cert.kind === 'mir' ? [cert.pot] : []))).size,
      delegation_count: count(certificates, (cert) => cert.kind === 'stakeDelegation'),
      stake_cert_count: count(
        certificates,
        (cert) => cert.kind === 'stakeRegistration' || cert.kind === 'stakeDeregistration',
      ),
      pool_update_count: count(certificates, (cert) => cert.kind === 'poolRegistration'),
      pool_retire_count: details.poolRetirementCount,
      asset_mint_or_burn_count: tx.mints.length,
      redeemer_count: details.redeemerCount,
      valid_contract: tx.valid,
    },
    inputs: inputs.map(({ reference, kind, output }) => ({
      ...(output ? { address: output.address } : {}),
      tx_hash: reference.txHash,
      output_index: reference.index,
      collateral: kind === 'collateral',
      reference: kind === 'reference',
    })),
    outputs: [
      ...tx.outputs.map((output) => ({ output, collateral: false })),
      ...(collateralReturn ? [{ output: collateralReturn, collateral: true }] : []),
    ].map(({ output, collateral }) => ({
      address: output.address,
      // RYO's quirk kept: collateral outputs show lovelace only.
      amount: collateral ? lovelaceOnly(output) : amount(output),
      output_index: output.index,
      data_hash: output.dataHash,
      inline_datum: output.inlineDatum,
      collateral,
      reference_script_hash: output.referenceScript?.hash ?? null,
    })),
    redeemers: redeemers.map((redeemer) => ({
      tx_index: redeemer.index,
      purpose: redeemer.purpose,
      unit_mem: String(redeemer.memory),
      unit_steps: String(redeemer.steps),
    })),
  };
}
