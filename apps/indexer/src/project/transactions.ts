import {
  ledgerTxSize,
  transactionDeposit,
  type DecodedTransaction,
  type OutputReference,
} from '@frostline/model';
import { metadatumMapCbor } from './assets.js';
import type { BatchState, TxInBlock } from './batch-state.js';
import type { TxRow } from './rows.js';

export type TxDetailColumns = Pick<
  TxRow,
  | 'size'
  | 'deposit'
  | 'invalidBefore'
  | 'invalidHereafter'
  | 'treasuryDonation'
  | 'redeemerCount'
  | 'poolRetireCount'
>;

/** The `tx` columns of GET /txs/{hash} that other tables do not give. */
export function transactionDetailColumns(
  tx: DecodedTransaction,
  spentValue: bigint | null,
  outSum: bigint,
  fee: bigint,
): TxDetailColumns {
  const { details } = tx;
  return {
    size: details.cbor === null ? 0 : ledgerTxSize(details.cbor),
    deposit: transactionDeposit(tx, spentValue, outSum, fee),
    invalidBefore: details.invalidBefore,
    invalidHereafter: details.invalidHereafter,
    treasuryDonation: details.treasuryDonation,
    redeemerCount: details.redeemerCount,
    poolRetireCount: details.poolRetirementCount,
  };
}

/**
 * What only the /txs/{hash}… endpoints read: the transaction's CBOR (tx_cbor), every metadata label
 * (tx_metadata_cbor), the required signers (tx_required_signer), collateral and reference inputs
 * (tx_input), the collateral return (collateral_tx_out) and the redeemers (redeemer).
 */
export function projectTransactionDetails(state: BatchState, { tx, txId }: TxInBlock): void {
  const { details } = tx;
  const rows = state.rows;
  if (details.cbor !== null) rows.txCbors.push({ txId, bytes: details.cbor });
  for (const { label, cbor } of details.metadataCbor) {
    rows.metadataCbors.push({
      id: state.ids.take('tx_metadata_cbor'),
      txId,
      label,
      bytes: metadatumMapCbor(label, cbor),
      position: 0,
    });
  }
  for (const hash of details.requiredSigners)
    rows.requiredSigners.push({ id: state.ids.take('tx_required_signer'), txId, hash });
  for (const input of details.collaterals) state.addTxInput(txId, 'collateral', input);
  for (const input of details.references) state.addTxInput(txId, 'reference', input);
  for (const redeemer of details.redeemers) {
    const { script } = redeemer;
    let scriptHash: string | null = null;
    if (script?.kind === 'hash') scriptHash = script.hash;
    if (script?.kind === 'spentOutput') scriptHash = spentOutputScriptHash(state, script.output);
    rows.redeemers.push({
      id: state.ids.take('redeemer'),
      txId,
      purpose: redeemer.purpose,
      index: redeemer.index,
      unitMem: redeemer.memory,
      unitSteps: redeemer.steps,
      scriptHash,
      redeemerDataHash: redeemer.dataHash,
      scriptPosition: null,
    });
  }
  const output = details.collateralReturn;
  if (output) {
    rows.collateralTxOuts.push({
      id: state.ids.take('collateral_tx_out'),
      txId,
      index: output.index,
      address: output.address,
      value: output.lovelace,
      dataHash: output.dataHash,
      inlineDatum: output.inlineDatum,
      referenceScriptHash: output.referenceScript?.hash ?? null,
    });
  }
}

/** The script credential of an output a redeemer spends, from this batch or stored before it; null if unseen. */
function spentOutputScriptHash(state: BatchState, ref: OutputReference): string | null {
  const inBatch = state.batchOutputs.get(ref);
  if (inBatch) return inBatch.lockedByScript ? inBatch.paymentCred : null;
  return state.storedOutputs.get(ref)?.paymentScriptHash ?? null;
}
