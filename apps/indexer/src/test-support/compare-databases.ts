import { withConnection } from '@frostline/db/testing';
import type pg from 'pg';

/**
 * Columns that hold when a row was written or read, not what the chain says: two runs of the same chain
 * differ there. A reward balance's slot is the ledger tip at the moment the job asked Ogmios, so a run
 * that asked later (a restarted one catching up) records a later slot for the same amount.
 */
const READ_TIME_COLUMNS = new Set(['updated_at', 'reward_balance.slot']);
const isReadTime = (table: string, column: string) =>
  READ_TIME_COLUMNS.has(column) || READ_TIME_COLUMNS.has(`${table}.${column}`);

export interface TableFingerprint {
  rows: number;
  /** md5 of every row's text (read-time columns left out), in primary-key order */
  checksum: string;
  /** The rows' text of a table this small, so that a failing comparison shows which column differs */
  smallTableRows?: string[];
}

const SMALL_TABLE_ROWS = 3;

export interface TableDifference {
  table: string;
  expected: TableFingerprint | null;
  actual: TableFingerprint | null;
}

interface TableShape {
  table: string;
  columns: string[];
  primaryKey: string[];
}

/**
 * Every table of the public schema but Prisma's migration log, read from the catalog so that a table
 * added by a later migration is compared without anyone remembering to list it.
 */
async function tableShapes(client: pg.Client): Promise<TableShape[]> {
  const { rows } = await client.query<{ table: string; columns: string[]; primary_key: string[] | null }>(
    `SELECT t.table_name AS table,
            array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum))
               FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = format('public.%I', t.table_name)::regclass AND i.indisprimary) AS primary_key
       FROM information_schema.tables t
       JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND t.table_name <> '_prisma_migrations'
      GROUP BY t.table_name
      ORDER BY t.table_name`,
  );
  return rows.map(({ table, columns, primary_key }) => {
    const compared = columns.filter((column) => !isReadTime(table, column));
    // A table without a primary key is ordered by its whole row text.
    return { table, columns: compared, primaryKey: primary_key ?? compared };
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row count and checksum of every table of the database at `url`. */
export function fingerprintTables(url: string): Promise<Record<string, TableFingerprint>> {
  return withConnection(url, async (client) => {
    const fingerprints: Record<string, TableFingerprint> = {};
    for (const { table, columns, primaryKey } of await tableShapes(client)) {
      const row = `ROW(${columns.map(quote).join(', ')})::text`;
      const order = primaryKey.map(quote).join(', ');
      const { rows } = await client.query<{
        rows: number;
        checksum: string;
        small_table_rows: string[] | null;
      }>(
        `SELECT count(*)::int AS rows,
                md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${order}), '')) AS checksum,
                CASE WHEN count(*) <= ${SMALL_TABLE_ROWS} THEN array_agg(${row} ORDER BY ${order}) END AS small_table_rows
           FROM ${quote(table)}`,
      );
      const { rows: count, checksum, small_table_rows } = rows[0]!;
      fingerprints[table] = {
        rows: count,
        checksum,
        ...(small_table_rows && { smallTableRows: small_table_rows }),
      };
    }
    return fingerprints;
  });
}

/** The tables whose rows differ between the two databases (none when they hold the same rows). */
export async function compareDatabases(expectedUrl: string, actualUrl: string): Promise<TableDifference[]> {
  const [expected, actual] = await Promise.all([
    fingerprintTables(expectedUrl),
    fingerprintTables(actualUrl),
  ]);
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return tables
    .map((table) => ({ table, expected: expected[table] ?? null, actual: actual[table] ?? null }))
    .filter(({ expected, actual }) => JSON.stringify(expected) !== JSON.stringify(actual));
}
