import { createReadStream } from 'node:fs';
import { ebbSlot, looksLikeBlock, makeEntry, readBlockFields, type BlockEntry } from './block-entry.js';
import { parseEvent, type ChainEvent } from './events.js';
import { parseJson } from './json.js';
import type { Slot } from './point.js';

export type ChainLine = { kind: 'block'; entry: BlockEntry } | { kind: 'event'; event: ChainEvent };

/**
 * Streams a chain file (JSON lines: Ogmios blocks and events) without keeping it in memory: a block is
 * reduced to its point, height and byte range so the server can read it again when a client asks.
 */
export async function* readChainFile(file: string, byronEpochLength: number): AsyncGenerator<ChainLine> {
  let previousSlot: Slot | undefined;
  for await (const { text, offset, lineNumber } of readLines(file)) {
    if (text.trim() === '') continue;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (typeof value === 'object' && value !== null && 'event' in value) {
        yield { kind: 'event', event: parseEvent(parseJson(text) as Record<string, unknown>) };
      } else if (looksLikeBlock(value)) {
        const fields = readBlockFields(text);
        const slot = fields.slot ?? ebbSlot(previousSlot, byronEpochLength);
        previousSlot = slot;
        const length = Buffer.byteLength(text);
        yield { kind: 'block', entry: makeEntry(fields, slot, { file, offset, length }) };
      } else {
        throw new Error('expected an Ogmios block (with "era" and "id") or an event (with "event")');
      }
    } catch (error) {
      throw new Error(`${file}:${lineNumber}: ${(error as Error).message}`, { cause: error });
    }
  }
}

interface Line {
  text: string;
  offset: number;
  lineNumber: number;
}

/** Splits a file into lines, tracking each line's byte offset (node:readline does not expose it). */
async function* readLines(file: string): AsyncGenerator<Line> {
  let pending: Buffer = Buffer.alloc(0);
  let pendingOffset = 0;
  let lineNumber = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    const buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let start = 0;
    for (let end = buffer.indexOf(0x0a); end !== -1; end = buffer.indexOf(0x0a, start)) {
      lineNumber += 1;
      yield { text: lineText(buffer, start, end), offset: pendingOffset + start, lineNumber };
      start = end + 1;
    }
    pendingOffset += start;
    pending = buffer.subarray(start);
  }
  if (pending.length > 0)
    yield { text: lineText(pending, 0, pending.length), offset: pendingOffset, lineNumber: lineNumber + 1 };
}

function lineText(buffer: Buffer, start: number, end: number): string {
  const withoutCr = end > start && buffer[end - 1] === 0x0d ? end - 1 : end;
  return buffer.toString('utf8', start, withoutCr);
}
