// Local Plutus evaluation throughput: evaluate() (packages/evaluator) on the shared Aiken phase-2 cases.
import { performance } from 'node:perf_hooks';
import { evaluate } from '@frostline/evaluator';
import { aikenCases, aikenEvaluateInput } from '@frostline/evaluator/testing/aiken-cases';

export interface EvaluationResult {
  cases: { name: string; evaluationsPerSecond: number; ok: boolean }[];
  /** evaluations per second over all cases, round-robin */
  overall: number;
}

export function evaluationBench(secondsPerCase: number): EvaluationResult {
  const cases = aikenCases;
  const inputs = cases.map(aikenEvaluateInput);
  const results = cases.map((c, i) => {
    const input = inputs[i]!;
    const first = evaluate(input);
    let n = 0;
    const started = performance.now();
    while (performance.now() - started < secondsPerCase * 1000) {
      evaluate(input);
      n += 1;
    }
    return {
      name: c.name,
      evaluationsPerSecond: n / ((performance.now() - started) / 1000),
      ok: 'result' in first,
    };
  });
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < secondsPerCase * 1000) {
    evaluate(inputs[n % inputs.length]!);
    n += 1;
  }
  return { cases: results, overall: n / ((performance.now() - started) / 1000) };
}
