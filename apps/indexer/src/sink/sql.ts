import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Prisma } from '@frostline/db';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** An interactive-transaction client (or the client itself): what the sink runs SQL on. */
export type Sql = Pick<Prisma.TransactionClient, '$executeRawUnsafe' | '$queryRawUnsafe'>;

export type ColumnType = 'int4' | 'int8' | 'numeric' | 'bool' | 'text' | 'jsonb' | 'bytea';

/** A column's type and its values, one per row; bytes are hex strings or bytes. */
export interface Column {
  type: ColumnType;
  values: unknown[];
}

/** A COPY column: its type and how a row gives its value (bytes as hex strings or bytes). */
export type CopyColumn<T> = readonly [type: ColumnType, pick: (row: T) => unknown];

/**
 * Every value crosses the driver as text and is cast in SQL. Prisma infers the type of an array
 * parameter from its elements, and an array of Buffers that starts with null reached Postgres as
 * base64 text; text arrays have one unambiguous encoding. Bytes travel as hex.
 */
export function textArray(values: unknown[]): (string | null)[] {
  return values.map((value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'boolean') return value ? 't' : 'f';
    return String(value);
  });
}

const castFrom = (type: ColumnType, column: string) =>
  type === 'bytea' ? `decode(${column}, 'hex')` : `${column}::${type}`;

const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * A growing buffer of COPY's binary format (PostgreSQL's documentation of COPY, "Binary Format"):
 * a header, then per row a 16-bit field count and per field a 32-bit length (-1 for null) and the
 * type's binary form. Written here rather than with pg-copy-streams-binary, which has no numeric
 * and takes each field as an object in its own Buffer: the format is a handful of big-endian
 * writes into one buffer.
 */
export class CopyBuffer {
  private buffer = Buffer.allocUnsafe(1 << 16);
  // Fixed-width fields go through a DataView of the same memory, whose setters V8 compiles to plain stores. With
  // copyBinary's column loop indexed instead of destructured, this encodes the benchmark's blocks faster than
  // Buffer's writeInt32BE and kin did.
  private view = viewOf(this.buffer);
  private length = 0;

  /** Empties it, keeping its memory for the next rows. */
  reset(): void {
    this.length = 0;
  }

  /**
   * Room for `bytes` more, doubling when short. copyBinary asks for a batch's rows at once, instead of
   * doubling its way there (an allocation and a copy each time).
   */
  room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
    this.view = viewOf(larger);
  }

  get size(): number {
    return this.length;
  }

  int16(value: number): void {
    this.room(2);
    this.view.setInt16(this.length, value);
    this.length += 2;
  }

  int32(value: number): void {
    this.room(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }

  /** A field's length, with room for the field after it; returns where the field starts. */
  private fieldStart(bytes: number): number {
    this.room(4 + bytes);
    this.view.setInt32(this.length, bytes);
    return this.length + 4;
  }

  // fieldStart() may replace the buffer: it runs before `this.buffer` or `this.view` is read. DataView's setters
  // wrap what does not fit where Buffer's threw: the range checks keep a value too large an error, not a wrong row.
  int32Field(value: number): void {
    if (!(value >= INT4_MIN && value <= INT4_MAX))
      throw new RangeError(`${value} does not fit an int4 column`);
    const start = this.fieldStart(4);
    this.view.setInt32(start, value);
    this.length = start + 4;
  }

  int64Field(value: bigint): void {
    // Every id: a BigInt store takes it apart with BigInt operations, each a new BigInt.
    if (value >= 0n && value <= MAX_SAFE_BIGINT) return this.uint53Field(Number(value));
    if (value < INT8_MIN || value > INT8_MAX) throw new RangeError(`${value} does not fit an int8 column`);
    const start = this.fieldStart(8);
    this.view.setBigInt64(start, value);
    this.length = start + 8;
  }

  /** A non-negative safe integer as int8, without a BigInt per field (slots, times). */
  uint53Field(value: number): void {
    const start = this.fieldStart(8);
    const high = Math.floor(value / 2 ** 32);
    this.view.setUint32(start, high);
    this.view.setUint32(start + 4, value - high * 2 ** 32);
    this.length = start + 8;
  }

  boolField(value: boolean): void {
    const start = this.fieldStart(1);
    this.buffer[start] = value ? 1 : 0;
    this.length = start + 1;
  }

  hexField(hex: string): void {
    const start = this.fieldStart(hex.length / 2);
    this.length = start + this.buffer.write(hex, start, 'hex');
  }

  bytesField(bytes: Uint8Array): void {
    const start = this.fieldStart(bytes.length);
    this.buffer.set(bytes, start);
    this.length = start + bytes.length;
  }

  /** UTF-8 text, after a one-byte `prefix` when given (jsonb's version). */
  textField(text: string, prefix?: number): void {
    const bytes = Buffer.byteLength(text);
    if (prefix === undefined) {
      const start = this.fieldStart(bytes);
      this.length = start + this.buffer.write(text, start);
    } else {
      const versionAt = this.fieldStart(1 + bytes);
      const start = this.buffer.writeUInt8(prefix, versionAt);
      this.length = start + this.buffer.write(text, start);
    }
  }

  numericField({ digits, weight, sign }: { digits: number[]; weight: number; sign: number }): void {
    const start = this.fieldStart(8 + 2 * digits.length);
    this.view.setInt16(start, digits.length);
    this.view.setInt16(start + 2, weight);
    this.view.setUint16(start + 4, sign);
    this.view.setInt16(start + 6, 0);
    for (let i = 0; i < digits.length; i++) this.view.setInt16(start + 8 + 2 * i, digits[i]!);
    this.length = start + 8 + 2 * digits.length;
  }

  bytes(header: Buffer): void {
    this.room(header.length);
    this.length += header.copy(this.buffer, this.length);
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const JSONB_VERSION = 1;
const NUMERIC_NEGATIVE = 0x4000;

/**
 * An integer as numeric's binary form: base-10,000 digits, most significant first, with the
 * weight of the first and the sign (numeric.c's numeric_send). Every numeric column here holds
 * integers (DECIMAL(39,0), slots, metadata labels).
 */
function numericDigits(value: unknown): { digits: number[]; weight: number; sign: number } {
  const { negative, digits } = safeIntegerBase10000(value) ?? decimalTextBase10000(value);
  const weight = Math.max(digits.length - 1, 0);
  while (digits.at(-1) === 0) digits.pop();
  return { digits, weight, sign: negative && digits.length > 0 ? NUMERIC_NEGATIVE : 0 };
}

type Base10000 = { negative: boolean; digits: number[] };

/** A safe integer's base-10,000 digits by arithmetic (most quantities, slots and labels); null for any other value. */
function safeIntegerBase10000(value: unknown): Base10000 | null {
  let safe: number;
  if (typeof value === 'bigint' && value >= -MAX_SAFE_BIGINT && value <= MAX_SAFE_BIGINT)
    safe = Number(value);
  else if (typeof value === 'number' && Number.isSafeInteger(value)) safe = value;
  else return null;
  const digits: number[] = [];
  for (let magnitude = Math.abs(safe); magnitude > 0; magnitude = Math.floor(magnitude / 10_000))
    digits.push(magnitude % 10_000);
  return { negative: safe < 0, digits: digits.reverse() };
}

/** Any integer's base-10,000 digits from its decimal text (beyond 2^53: DECIMAL(39,0) amounts). */
function decimalTextBase10000(value: unknown): Base10000 {
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw new Error(`not an integer for a numeric column: ${text}`);
  const negative = text.startsWith('-');
  const magnitude = text.slice(negative ? 1 : 0).replace(/^0+/, '');
  const digits: number[] = [];
  for (let end = magnitude.length; end > 0; end -= 4)
    digits.unshift(Number(magnitude.slice(Math.max(0, end - 4), end)));
  return { negative, digits };
}

// One method per type, no closure per field: a batch writes millions of fields.
function copyField(out: CopyBuffer, type: ColumnType, value: unknown): void {
  if (value === null || value === undefined) return out.int32(-1);
  switch (type) {
    case 'int4':
      return out.int32Field(Number(value));
    case 'int8':
      if (typeof value === 'bigint') return out.int64Field(value);
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return out.uint53Field(value);
      return out.int64Field(BigInt(value as number | string));
    case 'bool':
      return out.boolField(Boolean(value));
    case 'bytea':
      return value instanceof Uint8Array ? out.bytesField(value) : out.hexField(value as string);
    case 'text':
      return out.textField(value as string);
    case 'jsonb':
      return out.textField(value as string, JSONB_VERSION);
    case 'numeric':
      return out.numericField(numericDigits(value));
  }
}

/** Rows encoded before the buffer is sized for the rest at their average size (plus a tenth). */
const SIZING_ROWS = 100;

/**
 * Rows in COPY's binary format: PostgreSQL stores each field as it comes instead of parsing text
 * (hex bytes, numbers), which halves its CPU for a table of transaction CBOR. Each field goes from
 * its row straight into the buffer: no array per column, which was a tenth of the indexer's garbage.
 * Written into `out` from its start; the result is a view of its memory, valid until it is reused.
 */
export function copyBinary<T>(
  rows: readonly T[],
  columns: readonly CopyColumn<T>[],
  out = new CopyBuffer(),
): Buffer {
  out.reset();
  out.bytes(SIGNATURE);
  out.int32(0); // flags: no OIDs
  out.int32(0); // header extension length
  for (let index = 0; index < rows.length; index++) {
    if (index === SIZING_ROWS) out.room(Math.ceil((out.size / index) * (rows.length - index) * 1.1));
    out.int16(columns.length);
    const row = rows[index]!;
    for (let column = 0; column < columns.length; column++)
      copyField(out, columns[column]![0], columns[column]![1](row));
  }
  out.int16(-1);
  return out.done();
}

/** One SQL statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The writes of a batch, run in the caller's transaction. New rows go in by COPY, in its binary
 * format: PostgreSQL takes it far more cheaply than `unnest` of text arrays with casts, or than
 * COPY's text format, whose hex bytes and numbers it would parse. What COPY cannot do (ON CONFLICT,
 * updates, deletes) becomes one statement: each `… FROM unnest(…)` (one parameter per column, whatever
 * the row count) a data-modifying CTE, all on the same snapshot; `then` adds statements that must
 * see its result.
 */
export class BatchWrite {
  private readonly copies: { table: string; columns: string; encode: (out: CopyBuffer) => Buffer }[] = [];
  private readonly parts: string[] = [];
  private readonly params: unknown[] = [];
  private readonly later: Statement[] = [];

  /**
   * `copyBuffer` holds each table's rows in turn while they are sent; a writer keeps one across batches.
   * Buffers are memory outside V8's heap, and V8 starts a full collection whenever that grows by 64 MB:
   * a new buffer per table of every batch made twice as many full collections of an ingest as one kept
   * buffer (--trace-gc), and more indexer CPU per block, where the kept one costs a larger heap between
   * collections.
   */
  constructor(private readonly copyBuffer = new CopyBuffer()) {}

  private param(values: unknown[]): string {
    this.params.push(textArray(values));
    return `$${this.params.length}::text[]`;
  }

  copy<T>(table: string, rows: readonly T[], columns: Record<string, CopyColumn<T>>): this {
    if (rows.length === 0) return this;
    const names = Object.keys(columns)
      .map((name) => `"${name}"`)
      .join(', ');
    const pick = Object.values(columns);
    this.copies.push({ table, columns: names, encode: (out) => copyBinary(rows, pick, out) });
    return this;
  }

  insert(table: string, columns: Record<string, Column>, conflict: string): this {
    const entries = Object.entries(columns);
    if (entries[0]![1].values.length === 0) return this;
    const names = entries.map(([name]) => `"${name}"`).join(', ');
    const arrays = entries.map(([, column]) => this.param(column.values)).join(', ');
    const aliases = entries.map((_, i) => `c${i}`).join(', ');
    const selects = entries.map(([, column], i) => castFrom(column.type, `u.c${i}`)).join(', ');
    this.parts.push(
      `INSERT INTO "${table}" (${names}) SELECT ${selects} FROM unnest(${arrays}) AS u(${aliases}) ${conflict}`,
    );
    return this;
  }

  /**
   * Raw writes whose text refers to its columns as `u.c0`, `u.c1`… of `unnest` over `columns`, or to a
   * column's whole array (a `text[]` parameter) by its position in `arrays`; several writes of the same
   * values share their parameters.
   */
  write(columns: unknown[][], render: (unnest: string, arrays: string[]) => string | string[]): this {
    if (columns[0]!.length === 0) return this;
    const arrays = columns.map((values) => this.param(values));
    const aliases = columns.map((_, i) => `c${i}`).join(', ');
    this.parts.push(...[render(`unnest(${arrays.join(', ')}) AS u(${aliases})`, arrays)].flat());
    return this;
  }

  /** A statement run after the copies and inserts (it reads what they wrote). */
  afterwards(statement: Statement): this {
    this.later.push(statement);
    return this;
  }

  async run(client: ClientBase): Promise<void> {
    for (const { table, columns, encode } of this.copies) {
      await pipeline(
        Readable.from([encode(this.copyBuffer)]),
        client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN (FORMAT binary)`)),
      );
    }
    if (this.parts.length > 0) {
      const ctes = this.parts.map((part, i) => `w${i} AS (${part})`).join(',\n');
      await client.query(`WITH ${ctes}\nSELECT 1`, this.params);
    }
    for (const statement of this.later) await client.query(statement.sql, statement.params);
  }
}
