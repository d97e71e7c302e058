import type { ProtocolParametersRow } from '@frostline/db';
import type { DecodedEvaluateRequest, EvaluationOutcome } from '@frostline/evaluator';

/** A request the evaluation pool decoded. */
export type EvaluateParams = Extract<DecodedEvaluateRequest, { ok: true }>;

/**
 * Evaluates a decoded request, with the latest protocol parameters the indexer stored (null before
 * it stored any), and answers like Ogmios v6 `evaluateTransaction`: the budgets, or
 * an Ogmios error (3000-series, or -32602 for params it cannot read). Failures of the engine itself
 * (backend unreachable, mempool full, the evaluation pool full) are thrown.
 */
export interface EvaluationEngine {
  evaluate(request: EvaluateParams, stored: ProtocolParametersRow | null): Promise<EvaluationOutcome>;
}

/** Injection token of the engine chosen by EVALUATOR. */
export const EVALUATION_ENGINE = Symbol('EvaluationEngine');
