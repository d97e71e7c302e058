export { evaluate, type EvaluateInput, type ResolvedUtxo, type SlotConfig } from './evaluate.js';
export { resolveOgmiosUtxos, type ResolvedUtxos } from './ogmios-utxo.js';
export { additionalUtxoBesideLedger, type AdditionalUtxo } from './additional-utxo-overlap.js';
export { undecodableTransaction } from './ogmios-errors.js';
export {
  parseEvaluateRequest,
  type EvaluateRequestError,
  type EvaluateRequestLimits,
  type ParsedEvaluateRequest,
} from './evaluate-request.js';
export { toEvaluateTransactionParams, toUtxo } from './v5-to-v6-request.js';
export { toV5Result, v5Pointer } from './v6-to-v5-result.js';
export { v5Fault, v5Response, v6Response } from './envelopes.js';
export type * from './ogmios-types.js';
export type * from './ogmios-v5-types.js';
export { transactionReferences } from './transaction.js';
export { EvaluationPool, EvaluationPoolFullError, type EvaluationPoolOptions } from './evaluation-pool.js';
export type {
  DecodeTask,
  DecodedEvaluateJson,
  DecodedEvaluateRequest,
  EvaluateTask,
  EvaluationTask,
  TaskResult,
} from './evaluation-tasks.js';
