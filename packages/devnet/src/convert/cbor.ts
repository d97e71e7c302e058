/**
 * Byte-span navigation over CBOR.
 *
 * Hand-written on purpose: neither cbor-x nor CSL exposes the byte range of a
 * nested item, yet Ogmios hashes and echoes *original* bytes (block header,
 * transaction bodies, witness sets, auxiliary data, Byron transactions).
 * Re-encoding decoded values would change ids whenever the producer used a
 * non-canonical encoding. Only item heads are parsed here; values are decoded
 * by cbor-x or CSL.
 */

/** [start, end) byte offsets of one CBOR item. */
export type Span = readonly [start: number, end: number];

interface Head {
  major: number;
  /** Argument of the head; -1 for indefinite length. */
  arg: number;
  /** Offset right after the head. */
  next: number;
}

const BREAK = 0xff;

function readHead(bytes: Uint8Array, offset: number): Head {
  const initial = bytes[offset];
  if (initial === undefined) throw new Error(`CBOR: unexpected end of input at ${offset}`);
  const major = initial >> 5;
  const info = initial & 0x1f;
  if (info < 24) return { major, arg: info, next: offset + 1 };
  if (info === 31) return { major, arg: -1, next: offset + 1 };
  const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
  if (size === 0) throw new Error(`CBOR: reserved additional info ${info} at ${offset}`);
  let arg = 0;
  // Lengths never exceed 2^53; 8-byte arguments of integers are only skipped.
  for (let i = 1; i <= size; i++) arg = arg * 256 + (bytes[offset + i] ?? 0);
  return { major, arg, next: offset + 1 + size };
}

/** Offset right after the CBOR item starting at `offset`. */
export function skipItem(bytes: Uint8Array, offset: number): number {
  const head = readHead(bytes, offset);
  switch (head.major) {
    case 0:
    case 1:
    case 7:
      return head.next;
    case 2:
    case 3:
      if (head.arg >= 0) return head.next + head.arg;
      return skipUntilBreak(bytes, head.next, 1);
    case 4:
      return head.arg >= 0 ? skipCount(bytes, head.next, head.arg) : skipUntilBreak(bytes, head.next, 1);
    case 5:
      return head.arg >= 0 ? skipCount(bytes, head.next, 2 * head.arg) : skipUntilBreak(bytes, head.next, 2);
    default: // 6: tag followed by one item
      return skipItem(bytes, head.next);
  }
}

function skipCount(bytes: Uint8Array, offset: number, count: number): number {
  let at = offset;
  for (let i = 0; i < count; i++) at = skipItem(bytes, at);
  return at;
}

function skipUntilBreak(bytes: Uint8Array, offset: number, itemsPerEntry: number): number {
  let at = offset;
  while (bytes[at] !== BREAK) at = skipCount(bytes, at, itemsPerEntry);
  return at + 1;
}

/** Spans of the elements of the array starting at `offset`. */
export function arraySpans(bytes: Uint8Array, offset: number): Span[] {
  const head = readHead(bytes, offset);
  if (head.major !== 4) throw new Error(`CBOR: expected an array at ${offset}`);
  const spans: Span[] = [];
  let at = head.next;
  while (head.arg < 0 ? bytes[at] !== BREAK : spans.length < head.arg) {
    const end = skipItem(bytes, at);
    spans.push([at, end]);
    at = end;
  }
  return spans;
}

/** Elements of an array or of a tag-258 set (Conway). */
export function arraySpansOfSet(source: Uint8Array, span: Span): Span[] {
  const tagged = source[span[0]] === 0xd9 && source[span[0] + 1] === 0x01 && source[span[0] + 2] === 0x02;
  return arraySpans(source, tagged ? span[0] + 3 : span[0]);
}

/** Spans of the [key, value] entries of the map starting at `offset`. */
export function mapSpans(bytes: Uint8Array, offset: number): [Span, Span][] {
  const head = readHead(bytes, offset);
  if (head.major !== 5) throw new Error(`CBOR: expected a map at ${offset}`);
  const entries: [Span, Span][] = [];
  let at = head.next;
  while (head.arg < 0 ? bytes[at] !== BREAK : entries.length < head.arg) {
    const keyEnd = skipItem(bytes, at);
    const valueEnd = skipItem(bytes, keyEnd);
    entries.push([
      [at, keyEnd],
      [keyEnd, valueEnd],
    ]);
    at = valueEnd;
  }
  return entries;
}

/** Value of an unsigned integer item (map keys, era tags, Byron tags). */
export function readUint(bytes: Uint8Array, offset: number): number {
  const head = readHead(bytes, offset);
  if (head.major !== 0) throw new Error(`CBOR: expected an unsigned integer at ${offset}`);
  return head.arg;
}

/** Encoded head of a definite-length array, used to re-assemble transactions. */
export function arrayHead(length: number): Uint8Array {
  if (length > 23) throw new Error('arrayHead: only short arrays are needed');
  return Uint8Array.of(0x80 | length);
}
