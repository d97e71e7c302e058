import { ChainTime } from './chain-time.js';
import type { Network } from './types.js';

// Byron: 20 s slots and 21600-slot epochs (10k, k = 2160); Shelley and later: 1 s slots.
// Values per network from the cardano-configurations genesis files (OGMIOS.md §5).
const BYRON_PARAMETERS = { epochLength: 21_600, slotLength: { milliseconds: 20_000 } };

function byronThenShelley(systemStart: string, shelleyStartEpoch: number, shelleyEpochLength: number): ChainTime {
  const shelleyStart = {
    slot: shelleyStartEpoch * BYRON_PARAMETERS.epochLength,
    epoch: shelleyStartEpoch,
    time: { seconds: (shelleyStartEpoch * BYRON_PARAMETERS.epochLength * BYRON_PARAMETERS.slotLength.milliseconds) / 1000 },
  };
  return new ChainTime(systemStart, [
    { start: { slot: 0, epoch: 0, time: { seconds: 0 } }, end: shelleyStart, parameters: BYRON_PARAMETERS },
    { start: shelleyStart, parameters: { epochLength: shelleyEpochLength, slotLength: { milliseconds: 1000 } } },
  ]);
}

export const MAINNET_CHAIN_TIME = byronThenShelley('2017-09-23T21:44:51Z', 208, 432_000);
export const PREPROD_CHAIN_TIME = byronThenShelley('2022-06-01T00:00:00Z', 4, 432_000);
/** Preview never ran Byron blocks: Shelley rules (1-day epochs) from slot 0. */
export const PREVIEW_CHAIN_TIME = new ChainTime('2022-10-25T00:00:00Z', [
  { start: { slot: 0, epoch: 0, time: { seconds: 0 } }, parameters: { epochLength: 86_400, slotLength: { milliseconds: 1000 } } },
]);

/** Chain time of a public network; a `custom` network needs its own genesis or era summaries. */
export function chainTimeForNetwork(network: Exclude<Network, 'custom'>): ChainTime {
  return { mainnet: MAINNET_CHAIN_TIME, preprod: PREPROD_CHAIN_TIME, preview: PREVIEW_CHAIN_TIME }[network];
}
