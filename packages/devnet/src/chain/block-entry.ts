import { parseJson } from './json.js';
import type { Slot, Tip } from './point.js';

/** Where the JSON text of a block lives: a byte range of a chain file, or in memory. */
export type BlockBody = { file: string; offset: number; length: number } | { json: string };

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

/** True for a JSON object shaped like an Ogmios v6 block (an `era` and an `id`). */
export function looksLikeBlock(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { era, id } = value as Record<string, unknown>;
  return typeof era === 'string' && typeof id === 'string';
}

/**
 * Reads the header fields of an Ogmios block from its JSON text. The native parser is fast enough for
 * chains of 100k+ blocks; only when a slot or height exceeds 2^53 (synthetic test vectors) is the line
 * parsed again with the bigint-safe codec so that points keep their exact value.
 */
export function readBlockFields(json: string): BlockFields {
  const fast = JSON.parse(json) as BlockFields;
  const exact = isSafe(fast.slot) && isSafe(fast.height) ? fast : (parseJson(json) as BlockFields);
  if (!looksLikeBlock(exact)) throw new Error('not an Ogmios block: missing "era" or "id"');
  if (exact.height === undefined) throw new Error(`block ${exact.id} has no "height"`);
  if (exact.slot === undefined && exact.type !== 'ebb') throw new Error(`block ${exact.id} has no "slot"`);
  return exact;
}

function isSafe(value: unknown): boolean {
  return value === undefined || Number.isSafeInteger(value);
}

/**
 * Byron epoch-boundary blocks carry no slot; their point slot is the first slot of their epoch, i.e. the
 * previous block's slot rounded up to the next epoch boundary (OGMIOS.md §3). A chain starting with an
 * EBB starts at the genesis EBB, slot 0.
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
