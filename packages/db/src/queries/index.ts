// One typed wrapper per endpoint around its prisma/sql/<endpoint>.sql read query.
export * from './addresses-address-utxos-asset.js';
export * from './assets-asset.js';
export * from './block-content.js';
export * from './blocks-epoch-number-slot-slot-number.js';
export * from './blocks-hash-or-number.js';
export * from './blocks-latest.js';
export * from './accounts-stake-address.js';
export * from './genesis.js';
export * from './network.js';
export * from './network-eras.js';
export * from './nutlink-address-tickers.js';
export * from './utils-txs-evaluate.js';
export type { Order } from './sql-file.js';
