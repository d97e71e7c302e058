/**
 * A minimal CBOR reader that keeps the exact bytes of every item.
 *
 * It reads only what transaction metadata and Plutus data can hold (no floats or simple values).
 *
 * Why not cbor-x: Blockfrost returns parts of a datum as their *original* CBOR hex (unknown CIP-68 keys,
 * `onchain_metadata_extra`; CSL keeps indefinite-length encodings such as `9f…ff` intact). cbor-x only
 * yields decoded values, so it cannot give the byte span of a nested item.
 */

type CborValue =
  | { kind: 'int'; value: bigint }
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'text'; value: string }
  | { kind: 'array'; items: CborItem[] }
  | { kind: 'map'; entries: [CborItem, CborItem][] }
  | { kind: 'tag'; tag: bigint; item: CborItem };

export type CborItem = CborValue & {
  /** The item's own encoding, a view into the decoded input. */
  raw: Uint8Array;
};

const BREAK = 0xff;
const INDEFINITE = 31;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes exactly one CBOR item; trailing bytes or malformed input throw. */
export function decodeCborItem(bytes: Uint8Array): CborItem {
  const reader = new Reader(bytes);
  const item = reader.item();
  if (reader.offset !== bytes.length) throw new Error('CBOR: trailing bytes after the first item');
  return item;
}

class Reader {
  offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  item(): CborItem {
    const start = this.offset;
    const initial = this.byte();
    const major = initial >> 5;
    const info = initial & 0x1f;
    const item = this.body(major, info);
    return { ...item, raw: this.bytes.subarray(start, this.offset) };
  }

  private body(major: number, info: number): CborValue {
    switch (major) {
      case 0:
        return { kind: 'int', value: this.argument(info) };
      case 1:
        return { kind: 'int', value: -1n - this.argument(info) };
      case 2:
        return info === INDEFINITE
          ? { kind: 'bytes', value: concat(this.chunks(2)) }
          : { kind: 'bytes', value: this.take(this.length(info)) };
      case 3:
        return {
          kind: 'text',
          value: utf8.decode(info === INDEFINITE ? concat(this.chunks(3)) : this.take(this.length(info))),
        };
      case 4:
        return { kind: 'array', items: this.sequence(info, () => this.item()) };
      case 5:
        return {
          kind: 'map',
          entries: this.sequence(info, () => [this.item(), this.item()] as [CborItem, CborItem]),
        };
      case 6:
        return { kind: 'tag', tag: this.argument(info), item: this.item() };
      default:
        // Neither transaction metadata nor Plutus data may contain floats or simple values.
        throw new Error('CBOR: floats and simple values are not supported');
    }
  }

  private sequence<T>(info: number, next: () => T): T[] {
    const out: T[] = [];
    if (info === INDEFINITE) {
      while (this.peek() !== BREAK) out.push(next());
      this.offset += 1;
    } else {
      for (let n = this.length(info); n > 0; n--) out.push(next());
    }
    return out;
  }

  /** Chunks of an indefinite-length byte or text string; each chunk must be definite and of the same type. */
  private chunks(major: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    while (this.peek() !== BREAK) {
      const initial = this.byte();
      if (initial >> 5 !== major || (initial & 0x1f) === INDEFINITE)
        throw new Error('CBOR: bad string chunk');
      out.push(this.take(this.length(initial & 0x1f)));
    }
    this.offset += 1;
    return out;
  }

  private argument(info: number): bigint {
    if (info < 24) return BigInt(info);
    const size = { 24: 1, 25: 2, 26: 4, 27: 8 }[info];
    if (size === undefined) throw new Error(`CBOR: unsupported additional info ${info}`);
    let value = 0n;
    for (const b of this.take(size)) value = (value << 8n) | BigInt(b);
    return value;
  }

  private length(info: number): number {
    const length = this.argument(info);
    if (length > BigInt(this.bytes.length - this.offset)) throw new Error('CBOR: length exceeds input');
    return Number(length);
  }

  private take(size: number): Uint8Array {
    return this.bytes.subarray(this.advance(size), this.offset);
  }

  private advance(size: number): number {
    const at = this.offset;
    if (at + size > this.bytes.length) throw new Error('CBOR: unexpected end of input');
    this.offset += size;
    return at;
  }

  private byte(): number {
    return this.bytes[this.advance(1)];
  }

  private peek(): number {
    if (this.offset >= this.bytes.length) throw new Error('CBOR: unexpected end of input');
    return this.bytes[this.offset];
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
