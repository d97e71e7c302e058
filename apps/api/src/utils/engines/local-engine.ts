import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { Inject, Injectable } from '@nestjs/common';
import {
  utilsTxsEvaluateLiveUtxos,
  utilsTxsEvaluateProtocolParameters,
  type OutputReferenceParam,
  type PrismaClient,
} from '@frostline/db';
import {
  additionalUtxoBesideLedger,
  evaluate,
  resolveOgmiosUtxos,
  toEvaluateTransactionParams,
  type EvaluateRequestV5,
  type EvaluationOutcome,
  type ExecutionUnits,
  type PlutusCostModels,
} from '@frostline/evaluator';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG, READ_DB } from '../../common/tokens.js';
import { toUtxoJson } from './database-utxo.js';
import { PUBLIC_NETWORK_PARAMETERS, type EvaluationParameters } from './default-parameters.js';
import type { EvaluationEngine } from './evaluation-engine.js';
import { SLOT_CONFIGS } from './slot-config.js';

/**
 * Evaluation without a node: packages/evaluator (Aiken's evaluator) over the indexed UTxO set. Like
 * Ogmios, the UTxO set is the live one plus the request's additional entries, which may repeat a live
 * output but not differ from it (3002); an input already spent on chain is unknown unless the request
 * supplies it.
 */
@Injectable()
export class LocalEvaluationEngine implements EvaluationEngine {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async evaluate(request: EvaluateRequestV5): Promise<EvaluationOutcome> {
    const { transaction, additionalUtxo } = toEvaluateTransactionParams(request);
    const bytes = Buffer.from(transaction.cbor, 'hex');
    const additional = additionalUtxo.map((utxo) => ({ txHash: utxo.transaction.id, index: utxo.index }));
    // One round trip for both questions: which of the transaction's references are live, and whether
    // an additional entry is.
    const rows = await utilsTxsEvaluateLiveUtxos(this.db, [...transactionReferences(bytes), ...additional]);
    // A collateral may also be an input: one entry per output.
    const live = new Map(rows.map((row) => [`${row.tx_hash}#${row.index}`, row]));
    const beside = await additionalUtxoBesideLedger(additionalUtxo, (reference) => {
      const row = live.get(`${reference.transaction.id}#${reference.index}`);
      return row && toUtxoJson(row);
    });
    if (!beside.ok) return { error: beside.error };

    const utxos = resolveOgmiosUtxos([...[...live.values()].map(toUtxoJson), ...beside.additional]);
    if (!utxos.ok) return { error: utxos.error };
    const { costModels, maxExecutionUnits } = await this.parametersInForce();
    return evaluate({
      transaction: bytes,
      utxos: utxos.utxos,
      costModels,
      maxExecutionUnits,
      slotConfig: SLOT_CONFIGS[this.config.network],
    });
  }

  /**
   * The indexer's latest stored protocol parameters; the cost models decide the cpu figures, so an
   * older model gives wrong budgets. Before the indexer stored any, the public networks fall back to
   * the shipped snapshot; a custom network has no such snapshot and evaluates with no cost model
   * (every script then fails with 3115 missingCostModels, which says what is wrong).
   */
  private async parametersInForce(): Promise<EvaluationParameters> {
    const stored = await utilsTxsEvaluateProtocolParameters(this.db);
    if (stored) {
      return {
        costModels: (stored.params.plutusCostModels ?? {}) as PlutusCostModels,
        maxExecutionUnits: stored.params.maxExecutionUnitsPerTransaction as ExecutionUnits,
      };
    }
    if (this.config.network !== 'custom') return PUBLIC_NETWORK_PARAMETERS;
    return { costModels: {}, maxExecutionUnits: PUBLIC_NETWORK_PARAMETERS.maxExecutionUnits };
  }
}

/**
 * The inputs, reference inputs and collaterals of the transaction. Bytes that are not a transaction
 * reference nothing: evaluate() then answers with the decoding error, as Ogmios does.
 */
function transactionReferences(bytes: Uint8Array): OutputReferenceParam[] {
  let body: CSL.TransactionBody;
  try {
    body = CSL.Transaction.from_bytes(bytes).body();
  } catch {
    return [];
  }
  return [body.inputs(), body.reference_inputs(), body.collateral()].flatMap((inputs) =>
    Array.from({ length: inputs?.len() ?? 0 }, (_, i) => {
      const input = inputs!.get(i);
      return { txHash: input.transaction_id().to_hex(), index: input.index() };
    }),
  );
}
