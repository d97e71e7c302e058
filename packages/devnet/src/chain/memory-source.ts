import { blockFields, ebbSlot, makeEntry, type BlockEntry } from './block-entry.js';
import type { ChainLine } from './chain-file.js';
import { stringifyJson } from './json.js';
import { readLineHeader } from './line-header.js';
import type { Slot } from './point.js';

/** Turns Ogmios block objects into chain entries kept in memory (for tests and converted CBOR). */
export function memoryEntry(
  block: object,
  previousSlot: Slot | undefined,
  byronEpochLength: number,
): BlockEntry {
  const bytes = Buffer.from(stringifyJson(block));
  const fields = blockFields(readLineHeader(bytes));
  return makeEntry(fields, fields.slot ?? ebbSlot(previousSlot, byronEpochLength), { bytes });
}

export async function* memoryLines(
  blocks: Iterable<object>,
  byronEpochLength: number,
): AsyncGenerator<ChainLine> {
  let previousSlot: Slot | undefined;
  for (const block of blocks) {
    const entry = memoryEntry(block, previousSlot, byronEpochLength);
    previousSlot = entry.slot;
    yield { kind: 'block', entry };
  }
}
