import { Inject, Injectable } from '@nestjs/common';
import type { EvaluationItem, EvaluationOutcome } from '@frostline/evaluator';
import { BlockfrostError } from '@frostline/model';
import { isMempoolFull, type OgmiosRpc } from '../../common/ogmios-rpc.js';
import { OGMIOS_RPC } from '../../common/tokens.js';
import type { EvaluateParams, EvaluationEngine } from './evaluation-engine.js';

/**
 * Proxies to Ogmios v6 `evaluateTransaction`, the v5 request translated
 * (docs/ogmios.md#the-v5-evaluation-format) by the evaluation pool.
 */
@Injectable()
export class OgmiosEvaluationEngine implements EvaluationEngine {
  constructor(@Inject(OGMIOS_RPC) private readonly ogmios: OgmiosRpc) {}

  async evaluate({ params }: EvaluateParams): Promise<EvaluationOutcome> {
    const response = await this.ogmios.call('evaluateTransaction', params);
    if (response.error === undefined) return { result: response.result as EvaluationItem[] };
    const { error } = response;
    // Verdicts about the transaction (3000-series) and params it cannot read (-32602) are answers.
    if (error.code === -32602 || (error.code >= 3000 && error.code < 4000)) return { error };
    if (isMempoolFull(error)) throw new BlockfrostError(425);
    throw new Error(`Ogmios evaluateTransaction failed: ${error.code} ${error.message}`);
  }
}
