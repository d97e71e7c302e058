import { open } from 'node:fs/promises';
import { blockFields, ebbSlot, makeEntry, type BlockEntry } from './block-entry.js';
import { parseEvent, type ChainEvent } from './events.js';
import { parseJsonFast } from './json.js';
import { readLineHeader } from './line-header.js';
import type { Slot } from './point.js';

export type ChainLine = { kind: 'block'; entry: BlockEntry } | { kind: 'event'; event: ChainEvent };

/**
 * Streams a chain file (JSON lines: Ogmios blocks and events) without keeping it in memory: a block is
 * reduced to its point, height and byte range so the server can read it again when a client asks. Only
 * a block's header is decoded (line-header.ts): indexing a block costs the same whatever its size.
 */
export async function* readChainFile(file: string, byronEpochLength: number): AsyncGenerator<ChainLine> {
  let previousSlot: Slot | undefined;
  for await (const { bytes, offset, lineNumber } of readLines(file)) {
    if (isBlank(bytes)) continue;
    try {
      const header = readLineHeader(bytes);
      if (header.kind === 'event') {
        const event = parseEvent(parseJsonFast(bytes.toString()) as Record<string, unknown>);
        yield { kind: 'event', event };
        continue;
      }
      const fields = blockFields(header);
      const slot = fields.slot ?? ebbSlot(previousSlot, byronEpochLength);
      previousSlot = slot;
      yield { kind: 'block', entry: makeEntry(fields, slot, { file, offset, length: bytes.length }) };
    } catch (error) {
      throw new Error(`${file}:${lineNumber}: ${(error as Error).message}`, { cause: error });
    }
  }
}

interface Line {
  /** the line's bytes, without its LF or CRLF: a view of the read buffer, valid until the next line */
  bytes: Buffer;
  offset: number;
  lineNumber: number;
}

/** Read size: dozens of mainnet-like block lines per read. */
const READ_BYTES = 4 * 1024 * 1024;

/**
 * Splits a file into lines, tracking each line's byte offset (node:readline does not expose it). Reads go
 * into one buffer; only the incomplete last line of a read is moved to its front, so the file's bytes
 * are not copied again (a 100k-block chain is several GB).
 */
async function* readLines(file: string): AsyncGenerator<Line> {
  const handle = await open(file);
  try {
    let buffer = Buffer.allocUnsafe(READ_BYTES);
    let filled = 0;
    let bufferOffset = 0;
    let lineNumber = 0;
    for (;;) {
      // A line longer than the buffer: grow it so the line fits.
      if (filled === buffer.length) buffer = Buffer.concat([buffer], 2 * buffer.length);
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      const data = buffer.subarray(0, filled);
      let start = 0;
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
        lineNumber += 1;
        yield { bytes: withoutCr(data, start, end), offset: bufferOffset + start, lineNumber };
        start = end + 1;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
      bufferOffset += start;
    }
    if (filled > 0)
      yield { bytes: withoutCr(buffer, 0, filled), offset: bufferOffset, lineNumber: lineNumber + 1 };
  } finally {
    await handle.close();
  }
}

function withoutCr(buffer: Buffer, start: number, end: number): Buffer {
  return buffer.subarray(start, end > start && buffer[end - 1] === 0x0d ? end - 1 : end);
}

function isBlank(bytes: Buffer): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x09);
}
