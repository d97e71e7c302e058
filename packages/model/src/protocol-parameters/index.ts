export { COST_MODEL_PARAMETER_NAMES } from './cost-model-names.js';
export { epochParameters, namedCostModel, type OgmiosProtocolParameters } from './epoch-parameters.js';
