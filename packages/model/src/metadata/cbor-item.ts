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
    const info = initial & 0x1f;
    // Each case builds its item whole, raw included: a spread of a value object into another was a third of
    // decoding transaction metadata.
    switch (initial >> 5) {
      case 0:
        return { kind: 'int', value: this.argument(info), raw: this.rawFrom(start) };
      case 1:
        return { kind: 'int', value: -1n - this.argument(info), raw: this.rawFrom(start) };
      case 2: {
        const value = info === INDEFINITE ? concat(this.chunks(2)) : this.take(this.length(info));
        return { kind: 'bytes', value, raw: this.rawFrom(start) };
      }
      case 3: {
        const value = utf8.decode(
          info === INDEFINITE ? concat(this.chunks(3)) : this.take(this.length(info)),
        );
        return { kind: 'text', value, raw: this.rawFrom(start) };
      }
      case 4: {
        const items = this.sequence(info, () => this.item());
        return { kind: 'array', items, raw: this.rawFrom(start) };
      }
      case 5: {
        const entries = this.sequence(info, () => [this.item(), this.item()] as [CborItem, CborItem]);
        return { kind: 'map', entries, raw: this.rawFrom(start) };
      }
      case 6: {
        const tag = this.argument(info);
        return { kind: 'tag', tag, item: this.item(), raw: this.rawFrom(start) };
      }
      default:
        // Neither transaction metadata nor Plutus data may contain floats or simple values.
        throw new Error('CBOR: floats and simple values are not supported');
    }
  }

  private rawFrom(start: number): Uint8Array {
    return this.bytes.subarray(start, this.offset);
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
    if (info === 27) {
      const high = this.uint(4);
      return (BigInt(high) << 32n) | BigInt(this.uint(4));
    }
    return BigInt(this.smallArgument(info));
  }

  /** An argument of at most 4 bytes, as a number. */
  private smallArgument(info: number): number {
    if (info < 24) return info;
    if (info === 24) return this.uint(1);
    if (info === 25) return this.uint(2);
    if (info === 26) return this.uint(4);
    throw new Error(`CBOR: unsupported additional info ${info}`);
  }

  private uint(size: number): number {
    const at = this.advance(size);
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.bytes[at + i];
    return value;
  }

  private length(info: number): number {
    // An 8-byte length may pass 2^53; as a number it is then still far beyond any input, so it fails below.
    const length = info === 27 ? Number(this.argument(info)) : this.smallArgument(info);
    if (length > this.bytes.length - this.offset) throw new Error('CBOR: length exceeds input');
    return length;
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
