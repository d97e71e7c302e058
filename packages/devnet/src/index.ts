export { startDevnet, type ChainSource, type Devnet, type DevnetOptions } from './server/devnet.js';
export type { EvaluationContext, EvaluationRequest, Evaluator } from './server/transactions.js';
export type { Outcome, RpcError } from './server/rpc.js';
export type { ChainEvent, RewardAccountSummary, RewardAccountUpdate } from './chain/events.js';
export type { BlockPoint, Point, Slot, Tip } from './chain/point.js';
export { firstConwayBlock } from './chain/first-conway-block.js';
export { NETWORK_NAMES, type NetworkName } from './networks/networks.js';
export { DEMO_WALLET_LOVELACE, demoWallets, type DemoWallet } from './networks/demo-wallets.js';
