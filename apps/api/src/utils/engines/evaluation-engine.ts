import type { EvaluateRequestV5, EvaluationOutcome } from '@frostline/evaluator';

/**
 * Evaluates a parsed v5 request and answers like Ogmios v6 `evaluateTransaction`: the budgets, or
 * an Ogmios error (3000-series, or -32602 for params it cannot read). Failures of the engine itself
 * (backend unreachable, mempool full) are thrown.
 */
export interface EvaluationEngine {
  evaluate(request: EvaluateRequestV5): Promise<EvaluationOutcome>;
}

/** Injection token of the engine chosen by EVALUATOR. */
export const EVALUATION_ENGINE = Symbol('EvaluationEngine');
