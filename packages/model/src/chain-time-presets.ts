import { ChainTime } from './chain-time.js';
import type { Network } from './types.js';

// Timing fields of each network's genesis files and the epoch of its Shelley hard fork
// (cardano-configurations; docs/ogmios.md#networks-and-time). Byron: 20 s slots, 10k-slot epochs; Shelley
// on: 1 s slots.
const BYRON_MAINNET_AND_PREPROD = {
  protocolConsts: { k: 2160 },
  blockVersionData: { slotDuration: '20000' },
};

export const MAINNET_CHAIN_TIME = ChainTime.fromGenesis(
  BYRON_MAINNET_AND_PREPROD,
  { systemStart: '2017-09-23T21:44:51Z', epochLength: 432_000, slotLength: 1 },
  208,
);

export const PREPROD_CHAIN_TIME = ChainTime.fromGenesis(
  BYRON_MAINNET_AND_PREPROD,
  { systemStart: '2022-06-01T00:00:00Z', epochLength: 432_000, slotLength: 1 },
  4,
);

/** Preview forked to Shelley at epoch 0, so its Byron genesis never governs a slot. */
export const PREVIEW_CHAIN_TIME = ChainTime.fromGenesis(
  { protocolConsts: { k: 432 }, blockVersionData: { slotDuration: '20000' } },
  { systemStart: '2022-10-25T00:00:00Z', epochLength: 86_400, slotLength: 1 },
  0,
);

/** Chain time of a public network; a `custom` network needs its own genesis or era summaries. */
export function chainTimeForNetwork(network: Exclude<Network, 'custom'>): ChainTime {
  return { mainnet: MAINNET_CHAIN_TIME, preprod: PREPROD_CHAIN_TIME, preview: PREVIEW_CHAIN_TIME }[network];
}
