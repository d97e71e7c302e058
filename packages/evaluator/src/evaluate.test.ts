import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { evaluate, type EvaluateInput, type ResolvedUtxo } from './evaluate.js';
import type { PlutusLanguage } from './ogmios-types.js';
import { hex, readFixture } from './test-support/fixtures.js';

interface AikenCase {
  name: string;
  tx_cbor: string;
  resolved_inputs_cbor: string | null;
  resolved_outputs_cbor: string;
  slot_config: { zero_time: number; zero_slot: number; slot_length: number };
  cost_model_language: 'plutus_v1' | 'plutus_v2';
  cost_model: number[];
  initial_budget: { cpu: number; mem: number };
  expected_budgets: { mem: number; cpu: number }[] | null;
  expected_outcome: string;
  declared_redeemers_in_tx_derived: { tag: string; index: number }[];
}

const { cases } = readFixture<{ cases: AikenCase[] }>('aiken_phase2_cases.json');

const LANGUAGE: Record<AikenCase['cost_model_language'], PlutusLanguage> = {
  plutus_v1: 'plutus:v1',
  plutus_v2: 'plutus:v2',
};

// Upstream gives inputs and outputs as two CBOR arrays to zip; when inputs are absent they are the
// transaction body's inputs in the order they appear.
function resolvedUtxos(testCase: AikenCase): ResolvedUtxo[] {
  const outputs = CSL.TransactionOutputs.from_bytes(hex(testCase.resolved_outputs_cbor));
  const inputs = testCase.resolved_inputs_cbor
    ? CSL.TransactionInputs.from_bytes(hex(testCase.resolved_inputs_cbor))
    : CSL.Transaction.from_bytes(hex(testCase.tx_cbor)).body().inputs();
  return Array.from({ length: inputs.len() }, (_, i) => ({
    input: inputs.get(i).to_bytes(),
    output: outputs.get(i).to_bytes(),
  }));
}

function inputOf(testCase: AikenCase): EvaluateInput {
  return {
    transaction: hex(testCase.tx_cbor),
    utxos: resolvedUtxos(testCase),
    costModels: { [LANGUAGE[testCase.cost_model_language]]: testCase.cost_model },
    maxExecutionUnits: { cpu: testCase.initial_budget.cpu, memory: testCase.initial_budget.mem },
    slotConfig: {
      zeroTime: testCase.slot_config.zero_time,
      zeroSlot: testCase.slot_config.zero_slot,
      slotLength: testCase.slot_config.slot_length,
    },
  };
}

const byName = (name: string): AikenCase => cases.find((testCase) => testCase.name === name)!;

describe('evaluate: Aiken phase-2 cases', () => {
  it('covers every case of the fixture', () => {
    expect(cases.map((testCase) => testCase.name)).toHaveLength(8);
  });

  it.each(cases.filter((testCase) => testCase.expected_budgets))(
    '$name gives the expected budgets',
    (testCase) => {
      expect(evaluate(inputOf(testCase))).toEqual({
        result: testCase.expected_budgets!.map((budget, i) => ({
          validator: {
            purpose: testCase.declared_redeemers_in_tx_derived[i].tag,
            index: testCase.declared_redeemers_in_tx_derived[i].index,
          },
          budget: { memory: budget.mem, cpu: budget.cpu },
        })),
      });
    },
  );

  it('eval_missing_redeemer: a transaction without redeemers evaluates to []', () => {
    expect(evaluate(inputOf(byName('eval_missing_redeemer')))).toEqual({ result: [] });
  });

  it('test_eval_4: a validator returning false is a 3010/3012 failure on mint:0', () => {
    expect(evaluate(inputOf(byName('test_eval_4')))).toEqual({
      error: {
        code: 3010,
        message: 'Some scripts of the transactions terminated with error(s).',
        data: [
          {
            validator: { purpose: 'mint', index: 0 },
            error: {
              code: 3012,
              message: expect.stringContaining('Some of the scripts failed to evaluate'),
              data: { validationError: 'the validator crashed / exited prematurely', traces: [] },
            },
          },
        ],
      },
    });
  });
});

describe('evaluate: inputs the caller controls', () => {
  const testCase = byName('test_eval_0');

  it('reports a missing cost model as 3115 against the redeemer', () => {
    expect(
      evaluate({ ...inputOf(testCase), costModels: { 'plutus:v1': byName('test_eval_2').cost_model } }),
    ).toEqual({
      error: {
        code: 3010,
        message: expect.any(String),
        data: [
          {
            validator: { purpose: 'mint', index: 0 },
            error: { code: 3115, message: expect.any(String), data: { missingCostModels: ['plutus:v2'] } },
          },
        ],
      },
    });
  });

  it('runs within the budget it is given: too small a budget fails the script', () => {
    const outcome = evaluate({ ...inputOf(testCase), maxExecutionUnits: { cpu: 1_000_000, memory: 10_000 } });
    expect(outcome).toMatchObject({
      error: { code: 3010, data: [{ validator: { purpose: 'mint', index: 0 }, error: { code: 3012 } }] },
    });
  });

  it('reports an unresolved input against every redeemer, as the ledger context error does', () => {
    const [input] = CSL.Transaction.from_bytes(hex(testCase.tx_cbor)).body().inputs().to_js_value();
    expect(evaluate({ ...inputOf(testCase), utxos: [] })).toEqual({
      error: {
        code: 3010,
        message: expect.any(String),
        data: [
          {
            validator: { purpose: 'mint', index: 0 },
            error: {
              code: 3004,
              message: 'Unable to create the evaluation context from the given transaction.',
              data: {
                reason: `Unknown transaction input (missing from UTxO set): ${input.transaction_id}#${input.index}`,
              },
            },
          },
        ],
      },
    });
  });

  it('answers -32602 for bytes that are not a transaction', () => {
    expect(evaluate({ ...inputOf(testCase), transaction: hex('80') })).toMatchObject({
      error: { code: -32602, data: { conway: expect.stringContaining('Deserialization failed') } },
    });
  });
});
