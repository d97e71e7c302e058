import type { Utxo } from '@cardano-ogmios/schema';
import {
  aikenParameters as caseParameters,
  aikenUtxos as caseUtxos,
  type AikenCase,
} from '@frostline/evaluator/testing/aiken-cases';
import { convertTransaction } from '../../convert/index.js';
import { genesisProtocolParameters } from '../../networks/genesis.js';
import { loadNetwork } from '../../networks/networks.js';

// The Aiken phase-2 cases are loaded by @frostline/evaluator, which owns them; what is the devnet's
// here is how they meet the devnet: genesis parameters and the CBOR converter.
export {
  aikenBudgets,
  aikenCase,
  aikenCases,
  type AikenCase,
} from '@frostline/evaluator/testing/aiken-cases';

/** The protocol parameters the case was evaluated with: its network's, with its cost model and budget. */
export function aikenParameters(testCase: AikenCase): Record<string, unknown> {
  return { ...genesisProtocolParameters(loadNetwork(testCase.network)), ...caseParameters(testCase) };
}

/** The case's resolved UTxOs as Ogmios v6 `additionalUtxo`, their outputs read by the devnet's converter. */
export const aikenUtxos = (testCase: AikenCase): Utxo =>
  caseUtxos(testCase, (transaction) => convertTransaction(transaction, 'babbage').outputs);
