import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import {
  additionalUtxoBesideLedger,
  evaluate,
  resolveOgmiosUtxos,
  type ExecutionUnits,
  type PlutusCostModels,
  type UtxoJson,
} from '@frostline/evaluator';
import { referenceKey, type OutputReference } from '../ledger/outputs.js';
import type { Ledger } from '../ledger/ledger.js';
import { shelleySlotConfig } from '../networks/era-summaries.js';
import type { Evaluator } from './transactions.js';

/**
 * evaluateTransaction through packages/evaluator, the engine the API uses too, so the Ogmios path is
 * tested end to end. Inputs, reference inputs and collaterals resolve from the served chain's UTxO set
 * and from the request's `additionalUtxo`, which may repeat a live output but not differ from it (3002,
 * like Ogmios since 6.5).
 * Cost models and the per-transaction budget are the protocol parameters in force at the tip.
 */
export function localEvaluator(ledger: Pick<Ledger, 'utxo'>): Evaluator {
  return async ({ cbor, additionalUtxo }, { network, protocolParameters }) => {
    const transaction = Buffer.from(cbor, 'hex');
    const beside = await additionalUtxoBesideLedger(
      additionalUtxo as UtxoJson[],
      (reference) => ledger.utxo(reference) as UtxoJson | undefined,
    );
    if (!beside.ok) return { error: beside.error };
    const fromChain = [...spentReferences(transaction).values()].flatMap(
      (reference) => ledger.utxo(reference) ?? [],
    );
    const utxos = resolveOgmiosUtxos([...(fromChain as unknown as UtxoJson[]), ...beside.additional]);
    if (!utxos.ok) return { error: utxos.error };
    return evaluate({
      transaction,
      utxos: utxos.utxos,
      costModels: (protocolParameters.plutusCostModels ?? {}) as PlutusCostModels,
      maxExecutionUnits: protocolParameters.maxExecutionUnitsPerTransaction as ExecutionUnits,
      slotConfig: shelleySlotConfig(network),
    });
  };
}

/**
 * Every output reference the transaction reads, once (a collateral may also be an input). A transaction
 * CSL cannot decode resolves nothing: the engine then answers with the decoding error Ogmios gives.
 */
function spentReferences(transaction: Uint8Array): Map<string, OutputReference> {
  const references = new Map<string, OutputReference>();
  let body: CSL.TransactionBody;
  try {
    body = CSL.Transaction.from_bytes(transaction).body();
  } catch {
    return references;
  }
  for (const inputs of [body.inputs(), body.reference_inputs(), body.collateral()]) {
    for (let i = 0; i < (inputs?.len() ?? 0); i += 1) {
      const input = inputs!.get(i);
      const reference = { transaction: { id: input.transaction_id().to_hex() }, index: input.index() };
      references.set(referenceKey(reference), reference);
    }
  }
  return references;
}
