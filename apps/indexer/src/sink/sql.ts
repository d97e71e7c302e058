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

/**
 * `INSERT INTO table (columns) SELECT … FROM unnest(…)`: one statement per table and batch,
 * whatever the row count, and no bind-variable ceiling (one parameter per column).
 */
export async function insertColumns(
  sql: Sql,
  table: string,
  columns: Record<string, { type: ColumnType; values: unknown[] }>,
  conflict = '',
): Promise<void> {
  const entries = Object.entries(columns);
  if (entries[0]![1].values.length === 0) return;
  const names = entries.map(([name]) => `"${name}"`).join(', ');
  const params = entries.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const aliases = entries.map((_, i) => `c${i}`).join(', ');
  const selects = entries.map(([, column], i) => castFrom(column.type, `u.c${i}`)).join(', ');
  await sql.$executeRawUnsafe(
    `INSERT INTO "${table}" (${names}) SELECT ${selects} FROM unnest(${params}) AS u(${aliases}) ${conflict}`,
    ...entries.map(([, column]) => textArray(column.values)),
  );
}
