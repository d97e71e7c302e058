import { Body, Controller, Headers, HttpCode, Post, Query } from '@nestjs/common';
import type { RawParam } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { EvaluateService } from './evaluate.service.js';

/** Path of the evaluate route, also used by app.ts to raise its body limit. */
export const EVALUATE_UTXOS_PATH = 'txs/evaluate/utxos';
const EVALUATE_PATH = 'txs/evaluate';

@Controller(servedAt('utils'))
export class UtilsController {
  constructor(private readonly evaluation: EvaluateService) {}

  // Blockfrost answers evaluation failures with 200 too: they are Ogmios' verdict, not an HTTP error.
  @Post(EVALUATE_UTXOS_PATH)
  @HttpCode(200)
  evaluateUtxos(
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
    @Query('version') version: RawParam,
  ): Promise<Record<string, unknown>> {
    return this.evaluation.evaluateUtxos({ contentType, body, version });
  }

  @Post(EVALUATE_PATH)
  @HttpCode(200)
  evaluate(
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
    @Query('version') version: RawParam,
  ): Promise<Record<string, unknown>> {
    return this.evaluation.evaluateTransaction({ contentType, body, version });
  }
}
