import { readFileSync } from 'node:fs';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Utxo } from '@cardano-ogmios/schema';
import { convertTransaction } from '../../convert/index.js';
import { genesisProtocolParameters } from '../../networks/genesis.js';
import { loadNetwork, type NetworkName } from '../../networks/networks.js';

/** A phase-2 case of packages/evaluator/test-data (Aiken's uplc tests; see its SOURCES.md). */
export interface AikenCase {
  name: string;
  network: NetworkName;
  tx_cbor: string;
  resolved_inputs_cbor: string | null;
  resolved_outputs_cbor: string;
  cost_model_language: 'plutus_v1' | 'plutus_v2';
  cost_model: number[];
  initial_budget: { cpu: number; mem: number };
  expected_budgets: { mem: number; cpu: number }[] | null;
  declared_redeemers_in_tx_derived: { tag: string; index: number }[];
}

// Read through the dependency link (node_modules/@frostline/evaluator), not a path into another package.
const FIXTURE = new URL(
  '../../../node_modules/@frostline/evaluator/test-data/aiken_phase2_cases.json',
  import.meta.url,
);

export const aikenCases = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases: AikenCase[] }).cases;

export const aikenCase = (name: string): AikenCase => aikenCases.find((testCase) => testCase.name === name)!;

/** The protocol parameters the case was evaluated with: its network's, with its cost model and budget. */
export function aikenParameters(testCase: AikenCase): Record<string, unknown> {
  return {
    ...genesisProtocolParameters(loadNetwork(testCase.network)),
    plutusCostModels: { [testCase.cost_model_language.replace('plutus_', 'plutus:')]: testCase.cost_model },
    maxExecutionUnitsPerTransaction: {
      memory: testCase.initial_budget.mem,
      cpu: testCase.initial_budget.cpu,
    },
  };
}

/**
 * The case's resolved UTxOs as Ogmios v6 `additionalUtxo`. Outputs go through the CBOR converter inside
 * a minimal transaction `[{0: [], 1: outputs, 2: 0}, {}, true, null]`; inputs are zipped with them in
 * order (absent inputs are the transaction body's, as upstream says).
 */
export function aikenUtxos(testCase: AikenCase): Utxo {
  const wrapper = `84a30080 01${testCase.resolved_outputs_cbor}0200 a0f5f6`.replace(/ /g, '');
  const outputs = convertTransaction(Buffer.from(wrapper, 'hex'), 'babbage').outputs;
  const inputs = testCase.resolved_inputs_cbor
    ? CSL.TransactionInputs.from_hex(testCase.resolved_inputs_cbor)
    : CSL.Transaction.from_hex(testCase.tx_cbor).body().inputs();
  return outputs.map((output, i) => ({
    transaction: { id: inputs.get(i).transaction_id().to_hex() },
    index: inputs.get(i).index(),
    ...output,
  })) as Utxo;
}

/** The budgets the case expects, in Ogmios v6 shape. */
export function aikenBudgets(testCase: AikenCase) {
  return testCase.expected_budgets!.map((budget, i) => ({
    validator: {
      purpose: testCase.declared_redeemers_in_tx_derived[i].tag,
      index: testCase.declared_redeemers_in_tx_derived[i].index,
    },
    budget: { memory: budget.mem, cpu: budget.cpu },
  }));
}
