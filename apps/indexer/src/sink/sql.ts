import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Prisma } from '@frostline/db';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** An interactive-transaction client (or the client itself): what the sink runs SQL on. */
export type Sql = Pick<Prisma.TransactionClient, '$executeRawUnsafe' | '$queryRawUnsafe'>;

export type ColumnType = 'int4' | 'int8' | 'numeric' | 'bool' | 'text' | 'jsonb' | 'bytea';

/** A column's type and its values, one per row; bytes are hex strings. */
export interface Column {
  type: ColumnType;
  values: unknown[];
}

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

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyField(type: ColumnType, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (type) {
    case 'bytea':
      // bytea's hex input `\x…`, its backslash escaped as COPY's text format requires
      return `\\\\x${value as string}`;
    case 'bool':
      return value ? 't' : 'f';
    case 'text':
    case 'jsonb': {
      const text = value as string;
      return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!) : text;
    }
    default:
      return String(value);
  }
}

/** Rows in COPY's text format: tab-separated fields, one line per row, `\N` for null. */
export function copyText(columns: Column[]): string {
  let text = '';
  for (let row = 0; row < columns[0]!.values.length; row++) {
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) text += '\t';
      text += copyField(columns[i]!.type, columns[i]!.values[row]);
    }
    text += '\n';
  }
  return text;
}

/** One SQL statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The writes of a batch, run in the caller's transaction. New rows go in by COPY, in its text format
 * (every column type here has a plain text form; the binary one of numeric would have to be written
 * by hand): PostgreSQL parses it far more cheaply than `unnest` of text arrays with casts, and the
 * driver sends it as it is instead of escaping every array element. What COPY cannot do (ON CONFLICT,
 * updates, deletes) becomes one statement: each `… FROM unnest(…)` (one parameter per column, whatever
 * the row count) a data-modifying CTE, all on the same snapshot; `then` adds statements that must
 * see its result.
 */
export class BatchWrite {
  private readonly copies: { table: string; columns: string; text: string }[] = [];
  private readonly parts: string[] = [];
  private readonly params: unknown[] = [];
  private readonly later: Statement[] = [];

  private param(values: unknown[]): string {
    this.params.push(textArray(values));
    return `$${this.params.length}::text[]`;
  }

  copy(table: string, columns: Record<string, Column>): this {
    const entries = Object.entries(columns);
    if (entries[0]![1].values.length === 0) return this;
    const names = entries.map(([name]) => `"${name}"`).join(', ');
    this.copies.push({ table, columns: names, text: copyText(entries.map(([, column]) => column)) });
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

  /** A raw write whose text refers to its columns as `u.c0`, `u.c1`… of `unnest` over `columns`. */
  write(columns: unknown[][], render: (unnest: string) => string): this {
    if (columns[0]!.length === 0) return this;
    const arrays = columns.map((values) => this.param(values)).join(', ');
    const aliases = columns.map((_, i) => `c${i}`).join(', ');
    this.parts.push(render(`unnest(${arrays}) AS u(${aliases})`));
    return this;
  }

  /** A statement run after the copies and inserts (it reads what they wrote). */
  afterwards(statement: Statement): this {
    this.later.push(statement);
    return this;
  }

  async run(client: ClientBase): Promise<void> {
    for (const { table, columns, text } of this.copies) {
      await pipeline(
        Readable.from([text]),
        client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`)),
      );
    }
    if (this.parts.length > 0) {
      const ctes = this.parts.map((part, i) => `w${i} AS (${part})`).join(',\n');
      await client.query(`WITH ${ctes}\nSELECT 1`, this.params);
    }
    for (const statement of this.later) await client.query(statement.sql, statement.params);
  }
}
