import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { eval_phase_two_raw } from '@lucid-evolution/uplc';
import { Decoder } from 'cbor-x';
import { encodeCostModels } from './cost-models.js';
import { toOgmiosError } from './evaluator-errors.js';
import {
  cannotCreateEvaluationContext,
  incompatibleEra,
  scriptExecutionFailure,
  undecodableTransaction,
  unknownInputReason,
} from './ogmios-errors.js';
import type {
  EvaluationItem,
  EvaluationOutcome,
  ExecutionUnits,
  OutputReference,
  PlutusCostModels,
  RedeemerPurpose,
} from './ogmios-types.js';
import { decodeTransaction, sameReference, type TransactionSummary } from './transaction.js';

/** A UTxO entry as CBOR: a ledger TransactionInput and the TransactionOutput it points to. */
export interface ResolvedUtxo {
  input: Uint8Array;
  output: Uint8Array;
}

/** Slot-to-time conversion of a network (Shelley-era constants; times in ms). */
export interface SlotConfig {
  zeroTime: number;
  zeroSlot: number;
  slotLength: number;
}

export interface EvaluateInput {
  /** Transaction CBOR (Alonzo format or later). */
  transaction: Uint8Array;
  /** Every input, reference input and collateral the transaction uses; callers resolve them. */
  utxos: readonly ResolvedUtxo[];
  /** The cost models in force: older ones give different cpu figures. */
  costModels: PlutusCostModels;
  /** Protocol parameter maxExecutionUnitsPerTransaction: the budget shared by all redeemers. */
  maxExecutionUnits: ExecutionUnits;
  slotConfig: SlotConfig;
}

// The evaluator reports redeemers as pallas `Redeemer`s: [tag, index, data, [mem, steps]].
type EvaluatedRedeemer = [number, number, unknown, [number | bigint, number | bigint]];

const PURPOSES: readonly RedeemerPurpose[] = ['spend', 'mint', 'publish', 'withdraw', 'vote', 'propose'];

// Redeemer data may be a map with non-string keys, so maps must decode as Maps.
const redeemerDecoder = new Decoder({ mapsAsObjects: false });

/** Phase-2 evaluation of every redeemer, answered like Ogmios v6 `evaluateTransaction`. */
export function evaluate(input: EvaluateInput): EvaluationOutcome {
  const decoded = decodeTransaction(input.transaction);
  if (!decoded.ok) return { error: undecodableTransaction(decoded.reason) };
  const transaction = decoded.transaction;
  // Ogmios reads a Shelley–Mary transaction with its Mary decoder (which also accepts the two
  // older formats) before it gives up, hence "mary".
  if (transaction.preAlonzo) return { error: incompatibleEra('mary') };

  const known = utxoReferences(input.utxos);
  if (!known.ok) return { error: cannotCreateEvaluationContext(known.reason) };
  const missing = firstUnresolvedInput(transaction, known.references);
  // The ledger cannot build a script context without every (reference) input, and reports that
  // against each redeemer; a transaction without redeemers has nothing to evaluate.
  if (missing && transaction.redeemers.length > 0) {
    const error = cannotCreateEvaluationContext(unknownInputReason(missing));
    return {
      error: scriptExecutionFailure(transaction.redeemers.map((validator) => ({ validator, error }))),
    };
  }

  const costModels = encodeCostModels(input.costModels);
  let evaluated: Uint8Array[];
  try {
    evaluated = eval_phase_two_raw(
      input.transaction,
      input.utxos.map((utxo) => utxo.input),
      input.utxos.map((utxo) => utxo.output),
      costModels,
      BigInt(input.maxExecutionUnits.cpu),
      BigInt(input.maxExecutionUnits.memory),
      BigInt(input.slotConfig.zeroTime),
      BigInt(input.slotConfig.zeroSlot),
      input.slotConfig.slotLength,
    );
  } catch (failure) {
    return { error: toOgmiosError(failure, transaction.redeemers) };
  }
  return { result: evaluated.map(toEvaluationItem) };
}

function toEvaluationItem(bytes: Uint8Array): EvaluationItem {
  const [tag, index, , [memory, cpu]] = redeemerDecoder.decode(bytes) as EvaluatedRedeemer;
  return {
    validator: { purpose: PURPOSES[tag], index },
    budget: { memory: Number(memory), cpu: Number(cpu) },
  };
}

function utxoReferences(
  utxos: readonly ResolvedUtxo[],
): { ok: true; references: OutputReference[] } | { ok: false; reason: string } {
  try {
    const references = utxos.map((utxo) => {
      const input = CSL.TransactionInput.from_bytes(utxo.input);
      return { transaction: { id: input.transaction_id().to_hex() }, index: input.index() };
    });
    return { ok: true, references };
  } catch (error) {
    return { ok: false, reason: `Malformed UTxO reference: ${String(error)}` };
  }
}

// Inputs before reference inputs, each in ledger order: the order the ledger translates them in.
function firstUnresolvedInput(
  transaction: TransactionSummary,
  known: readonly OutputReference[],
): OutputReference | undefined {
  return [...transaction.inputs, ...transaction.referenceInputs].find(
    (reference) => !known.some((entry) => sameReference(entry, reference)),
  );
}
