// Local Plutus evaluation throughput: evaluate() (packages/evaluator) on the shared Aiken phase-2 cases.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { evaluate, type EvaluateInput, type ResolvedUtxo } from '@frostline/evaluator';

interface AikenCase {
  name: string;
  tx_cbor: string;
  resolved_inputs_cbor: string | null;
  resolved_outputs_cbor: string;
  slot_config: { zero_time: number; zero_slot: number; slot_length: number };
  cost_model_language: 'plutus_v1' | 'plutus_v2';
  cost_model: number[];
  initial_budget: { cpu: number; mem: number };
}

export interface EvaluationResult {
  cases: { name: string; evaluationsPerSecond: number; ok: boolean }[];
  /** evaluations per second over all cases, round-robin */
  overall: number;
}

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

function inputOf(c: AikenCase): EvaluateInput {
  const outputs = CSL.TransactionOutputs.from_bytes(hex(c.resolved_outputs_cbor));
  const inputs = c.resolved_inputs_cbor
    ? CSL.TransactionInputs.from_bytes(hex(c.resolved_inputs_cbor))
    : CSL.Transaction.from_bytes(hex(c.tx_cbor)).body().inputs();
  const utxos: ResolvedUtxo[] = Array.from({ length: inputs.len() }, (_, i) => ({ input: inputs.get(i).to_bytes(), output: outputs.get(i).to_bytes() }));
  return {
    transaction: hex(c.tx_cbor),
    utxos,
    costModels: { [c.cost_model_language === 'plutus_v1' ? 'plutus:v1' : 'plutus:v2']: c.cost_model },
    maxExecutionUnits: { cpu: c.initial_budget.cpu, memory: c.initial_budget.mem },
    slotConfig: { zeroTime: c.slot_config.zero_time, zeroSlot: c.slot_config.zero_slot, slotLength: c.slot_config.slot_length },
  };
}

export function evaluationBench(root: string, secondsPerCase: number): EvaluationResult {
  const file = path.join(root, 'packages/evaluator/test-data/aiken_phase2_cases.json');
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: AikenCase[] };
  const inputs = cases.map(inputOf);
  const results = cases.map((c, i) => {
    const input = inputs[i]!;
    const first = evaluate(input);
    let n = 0;
    const started = performance.now();
    while (performance.now() - started < secondsPerCase * 1000) {
      evaluate(input);
      n += 1;
    }
    return { name: c.name, evaluationsPerSecond: n / ((performance.now() - started) / 1000), ok: 'result' in first };
  });
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < secondsPerCase * 1000) {
    evaluate(inputs[n % inputs.length]!);
    n += 1;
  }
  return { cases: results, overall: n / ((performance.now() - started) / 1000) };
}
