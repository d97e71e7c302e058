import type { LineHeader } from './line-header.js';
import type { Slot, Tip } from './point.js';

/** Where the JSON text (UTF-8) of a block lives: a byte range of a chain file, or in memory. */
export type BlockBody = { file: string; offset: number; length: number } | { bytes: Buffer };

/** What the server keeps per block: enough to answer intersections and to fetch the block again. */
export interface BlockEntry {
  slot: Slot;
  id: string;
  height: number | bigint;
  era: string;
  body: BlockBody;
}

export function tipOf(entry: BlockEntry): Tip {
  return { slot: entry.slot, id: entry.id, height: entry.height };
}

interface BlockFields {
  id: string;
  era: string;
  type?: string;
  slot?: Slot;
  height: number | bigint;
}

/**
 * The checked header of a block line (see line-header.ts): an Ogmios v6 block has an `era`, an `id`, a
 * `height` and a `slot`, except Byron epoch-boundary blocks, which have no slot.
 */
export function blockFields(header: LineHeader): BlockFields {
  if (header.kind === 'event') throw new Error('expected an Ogmios block, found an event');
  const fields = header.fields as Partial<BlockFields>;
  if (typeof fields.era !== 'string' || typeof fields.id !== 'string') {
    throw new Error('expected an Ogmios block (with "era" and "id") or an event (with "event")');
  }
  if (fields.height === undefined) throw new Error(`block ${fields.id} has no "height"`);
  if (fields.slot === undefined && fields.type !== 'ebb') throw new Error(`block ${fields.id} has no "slot"`);
  return fields as BlockFields;
}

/**
 * Byron epoch-boundary blocks carry no slot; their point slot is the first slot of their epoch, i.e. the
 * previous block's slot rounded up to the next epoch boundary (docs/ogmios.md#blocks). A chain starting
 * with an EBB starts at the genesis EBB, slot 0.
 */
export function ebbSlot(previousSlot: Slot | undefined, byronEpochLength: number): Slot {
  if (previousSlot === undefined) return 0;
  const previous = BigInt(previousSlot);
  const epochLength = BigInt(byronEpochLength);
  return toSlot((previous / epochLength + 1n) * epochLength);
}

export function toSlot(value: bigint): Slot {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

export function makeEntry(fields: BlockFields, slot: Slot, body: BlockBody): BlockEntry {
  return { slot, id: fields.id, height: fields.height, era: fields.era, body };
}
