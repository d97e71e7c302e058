import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import internals from '@prisma/internals';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './testing.js';

// schema.prisma is the source of truth for Prisma's client; the migrations are hand-written SQL
// applied offline. This test fails when they disagree: every model, column, type, nullability,
// primary key, unique constraint and index that Prisma's DMMF (computed by the schema
// wasm, no engine binary) knows about must exist in the migrated database, and no table may exist
// that the schema does not describe.

const SCHEMA = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));

// Prisma scalar → Postgres type when the field has no @db attribute.
const DEFAULT_TYPES: Record<string, string> = {
  BigInt: 'bigint',
  Int: 'integer',
  String: 'text',
  Boolean: 'boolean',
  Float: 'double precision',
  Bytes: 'bytea',
  Json: 'jsonb',
  DateTime: 'timestamp(3) without time zone',
  Decimal: 'numeric(65,30)',
};
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Decimal: ([p, s]) => `numeric(${p},${s})`,
  Timestamptz: ([p]) => `timestamp(${p}) with time zone`,
};

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

async function liveCatalog(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<Column>(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
             NOT a.attnotnull AS nullable
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
    const indexes = await client.query<{
      table: string;
      columns: string[];
      unique: boolean;
      primary: boolean;
      partial: boolean;
    }>(`
      SELECT t.relname AS table, i.indisunique AS unique, i.indisprimary AS primary, i.indpred IS NOT NULL AS partial,
             array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public'
      GROUP BY t.relname, i.indexrelid, i.indisunique, i.indisprimary, i.indpred`);
    const foreignKeys = await client.query<{ name: string }>(
      `SELECT conname AS name FROM pg_constraint WHERE contype = 'f'`,
    );
    return { columns: columns.rows, indexes: indexes.rows, foreignKeys: foreignKeys.rows };
  } finally {
    await client.end();
  }
}

type Dmmf = Awaited<ReturnType<typeof internals.getDMMF>>;

function expectedFromDmmf(dmmf: Dmmf) {
  const models = dmmf.datamodel.models;
  const tableOf = new Map(models.map((m) => [m.name, m.dbName ?? m.name]));
  const columns: Column[] = [];
  const indexes: { table: string; columns: string[]; kind: 'id' | 'unique' | 'normal' }[] = [];
  for (const model of models) {
    const table = tableOf.get(model.name)!;
    const columnOf = new Map(model.fields.map((f) => [f.name, f.dbName ?? f.name]));
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      const native = field.nativeType as [string, string[]] | null;
      const type = native ? NATIVE_TYPES[native[0]]!(native[1]) : DEFAULT_TYPES[field.type]!;
      columns.push({ table, column: columnOf.get(field.name)!, type, nullable: !field.isRequired });
    }
    for (const index of dmmf.datamodel.indexes.filter((i) => i.model === model.name)) {
      indexes.push({
        table,
        columns: index.fields.map((f) => columnOf.get(f.name)!),
        kind: index.type === 'id' ? 'id' : index.type === 'unique' ? 'unique' : 'normal',
      });
    }
  }
  return { tables: [...tableOf.values()], columns, indexes };
}

describe('prisma/schema.prisma vs the migrated database', () => {
  let db: TestDatabase;
  let expected: ReturnType<typeof expectedFromDmmf>;
  let live: Awaited<ReturnType<typeof liveCatalog>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    expected = expectedFromDmmf(await internals.getDMMF({ datamodel: await readFile(SCHEMA, 'utf8') }));
    live = await liveCatalog(db.url);
  });
  afterAll(() => db?.drop());

  it('has exactly the tables of the schema (plus Prisma migration history)', () => {
    const liveTables = new Set(live.columns.map((c) => c.table));
    liveTables.delete('_prisma_migrations');
    expect([...liveTables].sort()).toEqual([...expected.tables].sort());
  });

  it('has every column with the type and nullability of the schema, and no other column', () => {
    const key = (c: Column) => `${c.table}.${c.column}: ${c.type}${c.nullable ? ' NULL' : ''}`;
    const liveColumns = live.columns
      .filter((c) => c.table !== '_prisma_migrations')
      .map(key)
      .sort();
    expect(liveColumns).toEqual(expected.columns.map(key).sort());
  });

  it('has every primary key, unique constraint and index of the schema', () => {
    const liveKeys = new Set(
      live.indexes
        .filter((i) => !i.partial)
        .map(
          (i) => `${i.table}(${i.columns.join(',')}) ${i.primary ? 'id' : i.unique ? 'unique' : 'normal'}`,
        ),
    );
    const missing = expected.indexes
      .map((i) => `${i.table}(${i.columns.join(',')}) ${i.kind}`)
      .filter((k) => !liveKeys.has(k));
    expect(missing).toEqual([]);
  });

  // relationMode = "prisma": the relations type the client; the indexer keeps them (see the schema).
  it('declares relationMode = "prisma" and the database has no foreign key', async () => {
    expect(await readFile(SCHEMA, 'utf8')).toMatch(/^\s*relationMode\s*=\s*"prisma"/m);
    expect(live.foreignKeys.map((f) => f.name)).toEqual([]);
  });
});
