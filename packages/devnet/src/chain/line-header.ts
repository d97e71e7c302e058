import { parseJson } from './json.js';

/**
 * What indexing a chain-file line needs: whether it is an event, or a block's top-level header fields.
 * A mainnet-like block line is ≈60 kB of JSON whose header is its first few hundred bytes; parsing
 * whole lines made indexing a large chain file take minutes (and most of it in the garbage collector),
 * so only the top-level keys are read, from the raw bytes, until the header is complete.
 */
export type LineHeader = { kind: 'event' } | { kind: 'block'; fields: Record<string, unknown> };

/** The top-level block fields the index keeps; the scan stops once `slot` and the others are read. */
const HEADER_KEYS = new Set(['type', 'era', 'id', 'height', 'slot']);
const COMPLETE = ['era', 'id', 'height', 'slot'];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Reads a line (UTF-8 JSON object) up to the end of its block header. The rest of a block line is not
 * checked beyond ending with `}`: it is served byte-for-byte, as written. Values of the header keys are
 * decoded exactly (integers beyond 2^53 as bigints). A line whose `event` key comes before its block
 * header is complete is an event, which the caller parses whole.
 */
export function readLineHeader(bytes: Buffer): LineHeader {
  const scan = new Scanner(bytes);
  const fields: Record<string, unknown> = {};
  scan.expect(OPEN_OBJECT);
  let separator = scan.peek() === CLOSE_OBJECT ? scan.next() : COMMA;
  while (separator === COMMA) {
    const key = scan.key();
    if (key === 'event') return { kind: 'event' };
    const start = scan.at;
    scan.skipValue();
    if (HEADER_KEYS.has(key) && !(key in fields)) fields[key] = decodeValue(bytes, start, scan.at);
    if (COMPLETE.every((name) => name in fields)) {
      scan.expectObjectEnd();
      return { kind: 'block', fields };
    }
    separator = scan.next();
  }
  scan.expectEnd();
  return { kind: 'block', fields };
}

function decodeValue(bytes: Buffer, start: number, end: number): unknown {
  const text = bytes.toString('utf8', start, end);
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' && !Number.isSafeInteger(value) ? parseJson(text) : value;
}

class Scanner {
  at = 0;

  constructor(private readonly bytes: Buffer) {}

  peek(): number | undefined {
    this.skipWhitespace();
    return this.bytes[this.at];
  }

  expect(byte: number): void {
    if (this.peek() !== byte) this.fail(`expected '${String.fromCharCode(byte)}'`);
    this.at += 1;
  }

  /** The separator after a member: `,` (another member follows) or `}`. */
  next(): number {
    const byte = this.peek();
    if (byte !== COMMA && byte !== CLOSE_OBJECT) this.fail("expected ',' or '}'");
    this.at += 1;
    return byte;
  }

  key(): string {
    if (this.peek() !== QUOTE) this.fail('expected a key');
    const start = this.at;
    this.skipString();
    const key = JSON.parse(this.bytes.toString('utf8', start, this.at)) as string;
    this.expect(COLON);
    return key;
  }

  /** The whole object was read: nothing but whitespace may follow it. */
  expectEnd(): void {
    if (this.peek() !== undefined) this.fail('unexpected text after the object');
  }

  /** A complete header was read early: the line must still be one object, so it has to end with `}`. */
  expectObjectEnd(): void {
    let end = this.bytes.length - 1;
    while (end > this.at && isWhitespace(this.bytes[end])) end -= 1;
    if (this.bytes[end] !== CLOSE_OBJECT) this.fail("the line does not end with '}' (truncated?)");
  }

  skipValue(): void {
    const byte = this.peek();
    if (byte === QUOTE) return this.skipString();
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) return this.skipContainer();
    // A number, true, false or null: up to the next delimiter; the decoder of a kept value checks it.
    const start = this.at;
    while (this.at < this.bytes.length && !isDelimiter(this.bytes[this.at])) this.at += 1;
    if (this.at === start) this.fail('expected a value');
  }

  private skipString(): void {
    let from = this.at + 1;
    for (;;) {
      const quote = this.bytes.indexOf(QUOTE, from);
      if (quote === -1) this.fail('unterminated string');
      let backslashes = 0;
      while (this.bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
      from = quote + 1;
      if (backslashes % 2 === 0) break;
    }
    this.at = from;
  }

  /** Skips a nested object or array by bracket depth; strings are jumped over whole. */
  private skipContainer(): void {
    let depth = 0;
    while (this.at < this.bytes.length) {
      const byte = this.bytes[this.at];
      if (byte === QUOTE) {
        this.skipString();
        continue;
      }
      this.at += 1;
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth += 1;
      else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return;
    }
    this.fail('unterminated object or array');
  }

  private skipWhitespace(): void {
    while (isWhitespace(this.bytes[this.at])) this.at += 1;
  }

  private fail(message: string): never {
    throw new SyntaxError(`${message} at byte ${this.at}`);
  }
}

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function isDelimiter(byte: number): boolean {
  return byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || isWhitespace(byte);
}
