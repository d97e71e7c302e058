import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { evaluate } from './evaluate.js';
import {
  aikenBudgets,
  aikenCase,
  aikenCases as cases,
  aikenEvaluateInput as inputOf,
} from './test-support/aiken-cases.js';
import { hex } from './test-support/fixtures.js';

describe('evaluate: Aiken phase-2 cases', () => {
  it('covers every case of the fixture', () => {
    expect(cases.map((testCase) => testCase.name)).toHaveLength(8);
  });

  it.each(cases.filter((testCase) => testCase.expected_budgets))(
    '$name gives the expected budgets',
    (testCase) => {
      expect(evaluate(inputOf(testCase))).toEqual({ result: aikenBudgets(testCase) });
    },
  );

  it('eval_missing_redeemer: a transaction without redeemers evaluates to []', () => {
    expect(evaluate(inputOf(aikenCase('eval_missing_redeemer')))).toEqual({ result: [] });
  });

  it('test_eval_4: a validator returning false is a 3010/3012 failure on mint:0', () => {
    expect(evaluate(inputOf(aikenCase('test_eval_4')))).toEqual({
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
  const testCase = aikenCase('test_eval_0');

  it('reports a missing cost model as 3115 against the redeemer', () => {
    expect(
      evaluate({ ...inputOf(testCase), costModels: { 'plutus:v1': aikenCase('test_eval_2').cost_model } }),
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
