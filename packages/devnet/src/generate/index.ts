export { generateChain, faucetGenesisUtxo, FAUCET_LOVELACE, type GeneratedLine } from './generate.js';
export { writeChain } from './write.js';
export {
  DEFAULT_OPTIONS,
  GENERATE_USAGE,
  parseGenerateOptions,
  type GenerateCommand,
  type GenerateOptions,
} from './options.js';
export type {
  ExpectedAccount,
  ExpectedAsset,
  ExpectedBlock,
  ExpectedState,
  ExpectedUtxo,
} from './expected-state.js';
export { Random } from './random.js';
