import type { ProtocolParametersRow } from '@frostline/db';
import type { EvaluateRequestError, EvaluateRequestLimits, EvaluationOutcome } from '@frostline/evaluator';

/** What an engine is given: the body's text, the bounds it must keep, and the stored parameters. */
export interface EvaluateBody {
  body: string;
  limits: EvaluateRequestLimits;
  /** The latest protocol parameters the indexer stored; null before it stored any. */
  stored: ProtocolParametersRow | null;
}

/**
 * Decodes a v5 body in the evaluation pool (the sizes checked first), evaluates it and answers like
 * Ogmios v6 `evaluateTransaction`: the budgets, or an Ogmios error (3000-series, or -32602 for params
 * it cannot read), or `refused` for a body that is no request. Failures of the engine itself (backend
 * unreachable, mempool full, the evaluation pool full) are thrown.
 */
export interface EvaluationEngine {
  evaluate(request: EvaluateBody): Promise<EvaluationOutcome | { refused: EvaluateRequestError }>;
}

/** Injection token of the engine chosen by EVALUATOR. */
export const EVALUATION_ENGINE = Symbol('EvaluationEngine');
