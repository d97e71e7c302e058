import type { DecodedTransaction } from '@frostline/model';
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
    size: details.cbor === null ? 0 : details.cbor.length,
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
 * (tx_metadata_cbor), collateral and reference inputs (tx_input) and the collateral return
 * (collateral_tx_out).
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
  for (const [reference, inputs] of [
    [false, details.collaterals],
    [true, details.references],
  ] as const) {
    for (const input of inputs) {
      rows.txInputs.push({
        id: state.ids.take('tx_input'),
        txId,
        reference,
        outTxHash: input.txHash,
        outIndex: input.index,
      });
    }
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
