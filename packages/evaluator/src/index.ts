export { evaluate, type EvaluateInput, type ResolvedUtxo, type SlotConfig } from './evaluate.js';
export type * from './ogmios-types.js';
