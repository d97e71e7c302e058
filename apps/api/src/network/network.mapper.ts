import type { EraSummaryRow } from '@frostline/db';
import type { NetworkEra } from '@frostline/model';

/**
 * Blockfrost's era list from the node's era summaries. The current (last) era ends where Blockfrost
 * ends it, which is the node's own forecast horizon: at the end of the epoch after the tip's, or of
 * the one after that once the tip is inside the safe zone (the last `safe_zone` slots of its epoch,
 * where no hard fork can be announced any more). The tip is the node's, so that an indexer still
 * catching up serves the node's era list rather than a horizon behind the current era's start.
 */
export function toNetworkEras(rows: EraSummaryRow[]): NetworkEra[] {
  return rows.map((row, index) => {
    const start = { time: row.start_time, slot: row.start_slot, epoch: row.start_epoch };
    const parameters = {
      epoch_length: row.epoch_length,
      slot_length: row.slot_length_ms / 1000,
      safe_zone: row.safe_zone ?? 0,
    };
    if (index < rows.length - 1) {
      return { start, end: { time: row.end_time!, slot: row.end_slot!, epoch: row.end_epoch! }, parameters };
    }
    // Without a known tip, or a tip before this era (a hard fork already scheduled), count from its start.
    const slotsIntoEra = Math.max((row.node_tip_slot ?? row.start_slot) - row.start_slot, 0);
    const tipEpoch = row.start_epoch + Math.floor(slotsIntoEra / row.epoch_length);
    const tipEpochSlot = slotsIntoEra % row.epoch_length;
    const endEpoch = tipEpoch + (tipEpochSlot >= row.epoch_length - parameters.safe_zone ? 2 : 1);
    const slots = (endEpoch - row.start_epoch) * row.epoch_length;
    const end = {
      time: row.start_time + (slots * row.slot_length_ms) / 1000,
      slot: row.start_slot + slots,
      epoch: endEpoch,
    };
    return { start, end, parameters };
  });
}
