import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { OutputReference, RedeemerPurpose, Validator } from './ogmios-types.js';

/** What the evaluator needs to know about a transaction besides its bytes. */
export interface TransactionSummary {
  /** Shelley–Mary format (no validity flag): nothing to evaluate, Ogmios answers 3000. */
  preAlonzo: boolean;
  /** Ledger order (sorted by transaction id, then index): the order `spend` indexes refer to. */
  inputs: OutputReference[];
  referenceInputs: OutputReference[];
  /** Witness-set order, which is also the order the evaluator runs and reports them in. */
  redeemers: Validator[];
}

export type DecodedTransaction =
  { ok: true; transaction: TransactionSummary } | { ok: false; reason: string };

// CSL's RedeemerTagKind, indexed by its numeric value.
const PURPOSES: readonly RedeemerPurpose[] = ['spend', 'mint', 'publish', 'withdraw', 'vote', 'propose'];

// A CBOR array header of length 3: [body, witnesses, auxiliary data] without the Alonzo validity flag.
const PRE_ALONZO_HEADER = 0x83;

export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  let tx: CSL.Transaction;
  try {
    tx = CSL.Transaction.from_bytes(bytes);
  } catch (error) {
    return { ok: false, reason: String(error) };
  }
  const body = tx.body();
  const redeemers = tx.witness_set().redeemers();
  return {
    ok: true,
    transaction: {
      preAlonzo: bytes[0] === PRE_ALONZO_HEADER,
      inputs: sortedReferences(body.inputs()),
      referenceInputs: sortedReferences(body.reference_inputs()),
      redeemers: Array.from({ length: redeemers?.len() ?? 0 }, (_, i) => {
        const redeemer = redeemers!.get(i);
        return { purpose: PURPOSES[redeemer.tag().kind()], index: Number(redeemer.index().to_str()) };
      }),
    },
  };
}

function sortedReferences(inputs: CSL.TransactionInputs | undefined): OutputReference[] {
  const references = Array.from({ length: inputs?.len() ?? 0 }, (_, i) => {
    const input = inputs!.get(i);
    return { transaction: { id: input.transaction_id().to_hex() }, index: input.index() };
  });
  // Plain code-unit comparison of lower-case hex equals byte order; localeCompare would not promise that.
  return references.sort((a, b) =>
    a.transaction.id === b.transaction.id ? a.index - b.index : a.transaction.id < b.transaction.id ? -1 : 1,
  );
}

/**
 * The outputs a transaction reads (inputs, reference inputs, collaterals), for a caller to look up;
 * bytes that are not a transaction reference nothing (evaluate() then answers the decoding error).
 */
export function transactionReferences(bytes: Uint8Array): OutputReference[] {
  let body: CSL.TransactionBody;
  try {
    body = CSL.Transaction.from_bytes(bytes).body();
  } catch {
    return [];
  }
  return [body.inputs(), body.reference_inputs(), body.collateral()].flatMap((inputs) =>
    Array.from({ length: inputs?.len() ?? 0 }, (_, i) => {
      const input = inputs!.get(i);
      return { transaction: { id: input.transaction_id().to_hex() }, index: input.index() };
    }),
  );
}

export const sameReference = (a: OutputReference, b: OutputReference): boolean =>
  a.transaction.id === b.transaction.id && a.index === b.index;
