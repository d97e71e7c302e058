import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { EvaluateInput, ResolvedUtxo } from '../evaluate.js';
import type {
  EvaluationItem,
  ExecutionUnits,
  OutputReference,
  PlutusLanguage,
  RedeemerPurpose,
} from '../ogmios-types.js';
import { hex, readFixture } from './fixtures.js';

// The Aiken phase-2 evaluation cases of ../../test-data (Aiken's uplc tests; see its SOURCES.md),
// shared by this package's tests, the devnet's and the API's (`@frostline/evaluator/testing/aiken-cases`).

export interface AikenCase {
  name: string;
  network: 'preview' | 'mainnet';
  tx_cbor: string;
  resolved_inputs_cbor: string | null;
  resolved_outputs_cbor: string;
  slot_config: { zero_time: number; zero_slot: number; slot_length: number };
  cost_model_language: 'plutus_v1' | 'plutus_v2';
  cost_model: number[];
  initial_budget: { cpu: number; mem: number };
  expected_budgets: { mem: number; cpu: number }[] | null;
  expected_outcome: string;
  declared_redeemers_in_tx_derived: { tag: RedeemerPurpose; index: number }[];
}

export const aikenCases: AikenCase[] = readFixture<{ cases: AikenCase[] }>('aiken_phase2_cases.json').cases;

export const aikenCase = (name: string): AikenCase => aikenCases.find((testCase) => testCase.name === name)!;

/** The budgets the case expects, in Ogmios v6 shape (one per redeemer, in redeemer order). */
export function aikenBudgets(testCase: AikenCase): EvaluationItem[] {
  return testCase.expected_budgets!.map((budget, i) => ({
    validator: {
      purpose: testCase.declared_redeemers_in_tx_derived[i].tag,
      index: testCase.declared_redeemers_in_tx_derived[i].index,
    },
    budget: { memory: budget.mem, cpu: budget.cpu },
  }));
}

/** The case's cost model language as Ogmios names it. */
export const aikenLanguage = (testCase: AikenCase): PlutusLanguage =>
  testCase.cost_model_language === 'plutus_v1' ? 'plutus:v1' : 'plutus:v2';

/** The protocol parameters the case was evaluated with (its cost model and budget), as Ogmios writes them. */
export function aikenParameters(testCase: AikenCase): {
  plutusCostModels: Partial<Record<PlutusLanguage, number[]>>;
  maxExecutionUnitsPerTransaction: ExecutionUnits;
} {
  return {
    plutusCostModels: { [aikenLanguage(testCase)]: testCase.cost_model },
    maxExecutionUnitsPerTransaction: {
      memory: testCase.initial_budget.mem,
      cpu: testCase.initial_budget.cpu,
    },
  };
}

/**
 * The inputs the case's resolved outputs belong to, in order: upstream gives them as a CBOR array, or
 * leaves them out when they are the transaction body's inputs in the order they appear.
 */
export function aikenInputs(testCase: AikenCase): CSL.TransactionInputs {
  return testCase.resolved_inputs_cbor
    ? CSL.TransactionInputs.from_hex(testCase.resolved_inputs_cbor)
    : CSL.Transaction.from_hex(testCase.tx_cbor).body().inputs();
}

/**
 * The case's resolved UTxOs in Ogmios v6 shape. `convertOutputs` reads the outputs of a minimal
 * transaction `[{0: [], 1: outputs, 2: 0}, {}, true, null]` into Ogmios JSON (the devnet's CBOR
 * converter, which this package cannot depend on); inputs are zipped with them in order.
 */
export function aikenUtxos<Output extends object>(
  testCase: AikenCase,
  convertOutputs: (transaction: Uint8Array) => Output[],
): (OutputReference & Output)[] {
  const wrapper = `84a30080 01${testCase.resolved_outputs_cbor}0200 a0f5f6`.replace(/ /g, '');
  const outputs = convertOutputs(Buffer.from(wrapper, 'hex'));
  const inputs = aikenInputs(testCase);
  return outputs.map((output, i) => ({
    transaction: { id: inputs.get(i).transaction_id().to_hex() },
    index: inputs.get(i).index(),
    ...output,
  }));
}

/** The case as input to `evaluate`: its transaction, resolved UTxOs (CBOR), cost model, budget and slot config. */
export function aikenEvaluateInput(testCase: AikenCase): EvaluateInput {
  const outputs = CSL.TransactionOutputs.from_hex(testCase.resolved_outputs_cbor);
  const inputs = aikenInputs(testCase);
  const utxos: ResolvedUtxo[] = Array.from({ length: inputs.len() }, (_, i) => ({
    input: inputs.get(i).to_bytes(),
    output: outputs.get(i).to_bytes(),
  }));
  return {
    transaction: hex(testCase.tx_cbor),
    utxos,
    costModels: { [aikenLanguage(testCase)]: testCase.cost_model },
    maxExecutionUnits: { cpu: testCase.initial_budget.cpu, memory: testCase.initial_budget.mem },
    slotConfig: {
      zeroTime: testCase.slot_config.zero_time,
      zeroSlot: testCase.slot_config.zero_slot,
      slotLength: testCase.slot_config.slot_length,
    },
  };
}
