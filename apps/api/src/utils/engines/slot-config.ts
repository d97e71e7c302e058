import type { SlotConfig } from '@frostline/evaluator';
import type { Network } from '@frostline/model';

/**
 * Slot-to-time conversion of each network's Shelley-based eras, which is how scripts see a
 * transaction's validity interval: the first Shelley slot, its time (ms) and the slot length (ms).
 * The local engine derives it from the genesis and era history the indexer stored; these presets
 * stand in before it stored them. The public networks' values follow from their genesis files and
 * Shelley hard-fork epochs (the same facts as @frostline/model's chain-time presets; a test checks they
 * agree); `custom` is the devnet's network on its default time line (packages/devnet genesis/custom:
 * system start 2025-01-01T00:00:00Z, 1 s slots).
 */
export const SLOT_CONFIGS: Record<Network, SlotConfig> = {
  // Shelley from epoch 208 = slot 4492800 (Byron: 21600 slots of 20 s per epoch).
  mainnet: { zeroTime: 1_596_059_091_000, zeroSlot: 4_492_800, slotLength: 1000 },
  // Shelley from epoch 4 = slot 86400.
  preprod: { zeroTime: 1_655_769_600_000, zeroSlot: 86_400, slotLength: 1000 },
  // Shelley from slot 0.
  preview: { zeroTime: 1_666_656_000_000, zeroSlot: 0, slotLength: 1000 },
  custom: { zeroTime: 1_735_689_600_000, zeroSlot: 0, slotLength: 1000 },
};
