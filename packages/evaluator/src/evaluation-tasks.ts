import { additionalUtxoBesideLedger } from './additional-utxo-overlap.js';
import { evaluate, type SlotConfig } from './evaluate.js';
import {
  parseEvaluateRequest,
  type EvaluateRequestError,
  type EvaluateRequestLimits,
} from './evaluate-request.js';
import type {
  EvaluationOutcome,
  ExecutionUnits,
  OutputReference,
  PlutusCostModels,
  UtxoJson,
} from './ogmios-types.js';
import { resolveOgmiosUtxos } from './ogmios-utxo.js';
import { stringify } from 'lossless-json';
import { transactionReferences } from './transaction.js';
import { toEvaluateTransactionParams } from './v5-to-v6-request.js';

// The CPU-bound steps of an evaluate request, as plain data in and out so that they can run in a
// worker thread (evaluation-pool.ts) while the caller's event loop serves other requests.

/**
 * Read a v5 `{cbor, additionalUtxoSet?}` body into Ogmios v6 `evaluateTransaction` params: as objects
 * with the outputs the transaction reads (`decode`, for evaluating here), or as the JSON text to send
 * to Ogmios (`decode-json`), so that the caller's thread never serializes them.
 */
export interface DecodeTask extends EvaluateRequestLimits {
  kind: 'decode' | 'decode-json';
  body: string;
}

export type DecodedEvaluateRequest =
  | {
      ok: true;
      params: { transaction: { cbor: string }; additionalUtxo: UtxoJson[] };
      /** The outputs the transaction reads, for the caller to look up in its ledger. */
      references: OutputReference[];
    }
  | { ok: false; error: EvaluateRequestError };

export type DecodedEvaluateJson =
  { ok: true; paramsJson: string } | { ok: false; error: EvaluateRequestError };

/** Evaluate the transaction over the caller's ledger outputs and the request's additional ones. */
export interface EvaluateTask {
  kind: 'evaluate';
  /** Transaction CBOR, hex. */
  transaction: string;
  additionalUtxo: UtxoJson[];
  /** The live outputs among the transaction's references and the additional entries' references. */
  ledger: UtxoJson[];
  costModels: PlutusCostModels;
  maxExecutionUnits: ExecutionUnits;
  slotConfig: SlotConfig;
}

export type EvaluationTask = DecodeTask | EvaluateTask;
export type TaskResult<T extends EvaluationTask> = T extends EvaluateTask
  ? EvaluationOutcome
  : T extends { kind: 'decode-json' }
    ? DecodedEvaluateJson
    : DecodedEvaluateRequest;

export async function runTask(
  task: EvaluationTask,
): Promise<DecodedEvaluateRequest | DecodedEvaluateJson | EvaluationOutcome> {
  if (task.kind === 'evaluate') return evaluateOverLedger(task);
  const decoded = decode(task);
  if (task.kind === 'decode' || !decoded.ok) return decoded;
  // Quantities are bigint: lossless-json writes them as bare integers, as Ogmios expects.
  return { ok: true, paramsJson: stringify(decoded.params)! };
}

function decode({
  kind,
  body,
  maxTransactionBytes,
  maxAdditionalUtxoBytes,
}: DecodeTask): DecodedEvaluateRequest {
  const parsed = parseEvaluateRequest(body, { maxTransactionBytes, maxAdditionalUtxoBytes });
  if (!parsed.ok) return parsed;
  const params = toEvaluateTransactionParams(parsed.request);
  // Ogmios looks the outputs up itself.
  const references =
    kind === 'decode' ? transactionReferences(Buffer.from(params.transaction.cbor, 'hex')) : [];
  return { ok: true, params, references };
}

/**
 * Like Ogmios, the UTxO set is the ledger's plus the request's additional entries, which may repeat a
 * live output but not differ from it (3002).
 */
async function evaluateOverLedger(task: EvaluateTask): Promise<EvaluationOutcome> {
  const live = new Map(task.ledger.map((utxo) => [`${utxo.transaction.id}#${utxo.index}`, utxo]));
  const beside = await additionalUtxoBesideLedger(task.additionalUtxo, (reference) =>
    live.get(`${reference.transaction.id}#${reference.index}`),
  );
  if (!beside.ok) return { error: beside.error };
  const utxos = resolveOgmiosUtxos([...live.values(), ...beside.additional]);
  if (!utxos.ok) return { error: utxos.error };
  return evaluate({
    transaction: Buffer.from(task.transaction, 'hex'),
    utxos: utxos.utxos,
    costModels: task.costModels,
    maxExecutionUnits: task.maxExecutionUnits,
    slotConfig: task.slotConfig,
  });
}
