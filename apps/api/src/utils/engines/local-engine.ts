import { Inject, Injectable } from '@nestjs/common';
import {
  genesis,
  networkEras,
  utilsTxsEvaluateLiveUtxos,
  type PrismaClient,
  type ProtocolParametersRow,
} from '@frostline/db';
import {
  EvaluationPool,
  type EvaluateRequestError,
  type EvaluationOutcome,
  type ExecutionUnits,
  type PlutusCostModels,
} from '@frostline/evaluator';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG, READ_DB } from '../../common/tokens.js';
import { toUtxoJson } from './database-utxo.js';
import { PUBLIC_NETWORK_PARAMETERS, type EvaluationParameters } from './default-parameters.js';
import type { EvaluateBody, EvaluationEngine } from './evaluation-engine.js';
import { SLOT_CONFIGS, SlotConfigCache, storedSlotConfig } from './slot-config.js';

/**
 * Evaluation without a node: packages/evaluator (Aiken's evaluator) over the indexed UTxO set, in the
 * evaluation pool's threads. Like Ogmios, the UTxO set is the live one plus the request's additional
 * entries; an input already spent on chain is unknown unless the request supplies it.
 */
@Injectable()
export class LocalEvaluationEngine implements EvaluationEngine {
  /** How scripts see slots: the stored genesis and era history, read again only once their horizon passes. */
  private readonly slotConfig: SlotConfigCache;

  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(EvaluationPool) private readonly pool: EvaluationPool,
  ) {
    this.slotConfig = new SlotConfigCache(
      async () => storedSlotConfig(...(await Promise.all([genesis(db), networkEras(db)]))),
      SLOT_CONFIGS[config.network],
    );
  }

  async evaluate({
    body,
    limits,
    stored,
  }: EvaluateBody): Promise<EvaluationOutcome | { refused: EvaluateRequestError }> {
    const decoded = await this.pool.run({ kind: 'decode', body, ...limits });
    if (!decoded.ok) return { refused: decoded.error };
    const { params, references } = decoded;
    // One round trip for both questions: which of the transaction's references are live, and whether
    // an additional entry is.
    const rows = await utilsTxsEvaluateLiveUtxos(
      this.db,
      [...references, ...params.additionalUtxo].map((utxo) => ({
        txHash: utxo.transaction.id,
        index: utxo.index,
      })),
    );
    const { costModels, maxExecutionUnits } = this.parametersInForce(stored);
    return this.pool.run({
      kind: 'evaluate',
      transaction: params.transaction.cbor,
      additionalUtxo: params.additionalUtxo,
      ledger: rows.map(toUtxoJson),
      costModels,
      maxExecutionUnits,
      slotConfig: await this.slotConfig.get(),
    });
  }

  /**
   * The indexer's latest stored protocol parameters; the cost models decide the cpu figures, so an
   * older model gives wrong budgets. Before the indexer stored any, the public networks fall back to
   * the shipped snapshot; a custom network has no such snapshot and evaluates with no cost model
   * (every script then fails with 3115 missingCostModels, which says what is wrong).
   */
  private parametersInForce(stored: ProtocolParametersRow | null): EvaluationParameters {
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
