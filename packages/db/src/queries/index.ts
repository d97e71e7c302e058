// One typed wrapper per endpoint around its prisma/sql/<endpoint>.sql read query.
export * from './addresses-address-utxos.js';
export * from './addresses-address-utxos-asset.js';
export * from './assets-asset.js';
export * from './assets-asset-addresses.js';
export * from './blocks-epoch-number-slot-slot-number.js';
export * from './epochs-number-parameters.js';
export * from './accounts-stake-address.js';
export * from './nutlink-address-tickers.js';
export * from './scripts-datum-datum-hash.js';
export * from './scripts-script-hash.js';
export * from './utils-txs-evaluate.js';
export type { Order } from './sql-file.js';
export * from './txs-hash.js';
export * from './txs-hash-cbor.js';
export * from './txs-hash-metadata-cbor.js';
export * from './txs-hash-utxos.js';
