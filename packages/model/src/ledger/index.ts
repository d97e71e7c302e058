export * from './ogmios-types.js';
export * from './certificates.js';
export * from './transaction.js';
export * from './block.js';
export * from './genesis.js';
export * from './scripts.js';
export * from './redeemers.js';
