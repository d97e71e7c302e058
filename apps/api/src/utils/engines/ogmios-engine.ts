import { Inject, Injectable } from '@nestjs/common';
import {
  EvaluationPool,
  type EvaluateRequestError,
  type EvaluationItem,
  type EvaluationOutcome,
} from '@frostline/evaluator';
import { BlockfrostError } from '@frostline/model';
import { isMempoolFull, JsonText, type OgmiosRpc } from '../../common/ogmios-rpc.js';
import { OGMIOS_RPC } from '../../common/tokens.js';
import type { EvaluateBody, EvaluationEngine } from './evaluation-engine.js';

/**
 * Proxies to Ogmios v6 `evaluateTransaction`, the v5 request translated
 * (docs/ogmios.md#the-v5-evaluation-format) and written as JSON by the evaluation pool.
 */
@Injectable()
export class OgmiosEvaluationEngine implements EvaluationEngine {
  constructor(
    @Inject(OGMIOS_RPC) private readonly ogmios: OgmiosRpc,
    @Inject(EvaluationPool) private readonly pool: EvaluationPool,
  ) {}

  async evaluate({
    body,
    limits,
  }: EvaluateBody): Promise<EvaluationOutcome | { refused: EvaluateRequestError }> {
    const decoded = await this.pool.run({ kind: 'decode-json', body, ...limits });
    if (!decoded.ok) return { refused: decoded.error };
    const response = await this.ogmios.call('evaluateTransaction', new JsonText(decoded.paramsJson));
    if (response.error === undefined) return { result: response.result as EvaluationItem[] };
    const { error } = response;
    // Verdicts about the transaction (3000-series) and params it cannot read (-32602) are answers.
    if (error.code === -32602 || (error.code >= 3000 && error.code < 4000)) return { error };
    if (isMempoolFull(error)) throw new BlockfrostError(425);
    throw new Error(`Ogmios evaluateTransaction failed: ${error.code} ${error.message}`);
  }
}
