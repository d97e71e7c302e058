import type { DecodedTransaction, OutputReference } from '@frostline/model';
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

/**
 * The ledger's size of a transaction, which its fee pays for and db-sync stores as `tx.size`: from
 * Alonzo on, a transaction is `[body, witnesses, is_valid, auxiliary data]`, and the size leaves the
 * is_valid flag out (one byte, as is the array header of three items or four).
 */
export function ledgerTxSize(cbor: Uint8Array): number {
  const ARRAY_OF_FOUR = 0x84;
  return cbor[0] === ARRAY_OF_FOUR ? cbor.length - 1 : cbor.length;
}

/**
 * The `tx` columns of GET /txs/{hash} that other tables do not give. The deposit is db-sync's
 * balance: what the inputs and withdrawals bring beyond the outputs, the fee and the donation is
 * what certificates and proposals locked (negative when they refunded more); unknown without
 * every input's value (an index started mid-chain), and 0 for an invalid transaction.
 */
export function transactionDetailColumns(
  tx: DecodedTransaction,
  spentValue: bigint | null,
  outSum: bigint,
  fee: bigint,
): TxDetailColumns {
  const { details } = tx;
  const withdrawn = tx.withdrawals.reduce((sum, w) => sum + w.amount, 0n);
  return {
    size: details.cbor === null ? 0 : ledgerTxSize(details.cbor),
    deposit:
      tx.valid && spentValue !== null ? spentValue + withdrawn - outSum - fee - details.treasuryDonation : 0n,
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
