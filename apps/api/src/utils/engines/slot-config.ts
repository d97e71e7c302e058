import type { EraSummaryRow } from '@frostline/db';
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

/** A slot config and until when (ms since the epoch) it certainly holds. */
export interface SlotConfigUntil {
  config: SlotConfig;
  untilMs: number;
}

/**
 * How scripts see slots, from the node's genesis and era history as the indexer stored them: the current
 * (last) era's start (every Shelley-based era has the same slot length, so the line holds for all of them),
 * which follows a devnet started on any time line. It holds until the era's end the node gave, its horizon:
 * no later era can begin before it. A last era without an end (a devnet's, which has no fork to come) holds
 * for good. Null before the indexer stored them.
 */
export function storedSlotConfig(
  start: { system_start: number } | null,
  eras: EraSummaryRow[],
): SlotConfigUntil | null {
  const current = eras.at(-1);
  if (!start || !current) return null;
  return {
    config: {
      zeroSlot: current.start_slot,
      zeroTime: (start.system_start + current.start_time) * 1000,
      slotLength: current.slot_length_ms,
    },
    untilMs: current.end_time === null ? Infinity : (start.system_start + current.end_time) * 1000,
  };
}

/**
 * The stored slot config, read once and kept until its horizon passes; then read again, which finds the
 * next era, or the later horizon the indexer stores at each epoch change (until it has, every call reads).
 * Before the indexer stored any, `fallback` (the network's preset), read again on every call.
 */
export class SlotConfigCache {
  private kept: SlotConfigUntil | null = null;

  constructor(
    private readonly read: () => Promise<SlotConfigUntil | null>,
    private readonly fallback: SlotConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<SlotConfig> {
    if (this.kept === null || this.now() >= this.kept.untilMs) this.kept = await this.read();
    return this.kept?.config ?? this.fallback;
  }
}
