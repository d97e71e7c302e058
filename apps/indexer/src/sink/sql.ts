import type { Prisma } from '@frostline/db';

/** An interactive-transaction client (or the client itself): what the sink runs SQL on. */
export type Sql = Pick<Prisma.TransactionClient, '$executeRawUnsafe' | '$queryRawUnsafe'>;

export type ColumnType = 'int4' | 'int8' | 'numeric' | 'bool' | 'text' | 'jsonb' | 'bytea';

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

/** One SQL statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Builds one statement out of many writes: each `INSERT … SELECT … FROM unnest(…)` (one parameter
 * per column, whatever the row count) becomes a data-modifying CTE. A batch is then one round trip
 * whatever it holds, which matters because every statement through Prisma costs about a millisecond.
 * Foreign keys are checked at the end of the statement, so the CTEs' order does not matter.
 */
export class CombinedWrite {
  private readonly parts: string[] = [];
  private readonly params: unknown[] = [];

  private param(values: unknown[]): string {
    this.params.push(textArray(values));
    return `$${this.params.length}::text[]`;
  }

  insert(
    table: string,
    columns: Record<string, { type: ColumnType; values: unknown[] }>,
    conflict = '',
  ): this {
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

  statement(): Statement | null {
    if (this.parts.length === 0) return null;
    const ctes = this.parts.map((part, i) => `w${i} AS (${part})`).join(',\n');
    return { sql: `WITH ${ctes}\nSELECT 1`, params: this.params };
  }
}
