import type { Provider } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { EVALUATION_ENGINE } from './engines/evaluation-engine.js';
import { LocalEvaluationEngine } from './engines/local-engine.js';
import { OgmiosEvaluationEngine } from './engines/ogmios-engine.js';
import { EvaluateService } from './evaluate.service.js';

/** The evaluate service and the engine EVALUATOR chose. */
export function utilsProviders(config: ApiConfig): Provider[] {
  return [
    EvaluateService,
    {
      provide: EVALUATION_ENGINE,
      useClass: config.evaluator === 'ogmios' ? OgmiosEvaluationEngine : LocalEvaluationEngine,
    },
  ];
}
