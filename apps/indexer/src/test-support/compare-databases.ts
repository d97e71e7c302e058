import { createHash } from 'node:crypto';
import { withConnection } from '@frostline/db/testing';
import type pg from 'pg';
import { ID_TABLES } from '../project/ids.js';

/**
 * The tables whose rows come from blocks: every table with indexer-assigned ids, plus those keyed by
 * other rows' ids. The others hold ledger-state answers, registry data or status.
 */
const CHAIN_TABLES: readonly string[] = [
  ...ID_TABLES,
  'address_tx',
  'asset_tx',
  'address_total',
  'address_asset_total',
  'account_total',
  'account_asset_total',
  'account_address',
  'metadata_label_total',
  'asset_mint_total',
  'drep_named',
  'asset_holder',
  'ma_tx_out',
  'unspent_ma_tx_out',
  'address_utxo',
  'stake_balance',
  'utxo_supply',
  'nutlink_ticker_total',
];

/**
 * Columns that hold when a row was written or read, not what the chain says: two runs of the same chain
 * differ there. A reward balance's slot is the ledger tip at the moment the job asked Ogmios, so a run
 * that asked later (a restarted one catching up) records a later slot for the same amount; a nut.link
 * metadata row's times are when the job fetched.
 */
const READ_TIME_COLUMNS = new Set([
  'updated_at',
  'reward_balance.slot',
  'nutlink_metadata.fetched_at',
  'nutlink_metadata.attempted_at',
]);
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
 * added by a later migration is compared without anyone remembering to list it; `only`: those tables.
 */
async function tableShapes(client: pg.Client, only?: readonly string[]): Promise<TableShape[]> {
  const { rows } = await client.query<{ table: string; columns: string[]; primary_key: string[] | null }>(
    `SELECT t.table_name AS table,
            array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum))
               FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = format('public.%I', t.table_name)::regclass AND i.indisprimary) AS primary_key
       FROM information_schema.tables t
       JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND t.table_name <> '_prisma_migrations'
        AND ($1::text[] IS NULL OR t.table_name = ANY ($1::text[]))
      GROUP BY t.table_name
      ORDER BY t.table_name`,
    [only ?? null],
  );
  const missing = only?.filter((table) => !rows.some((row) => row.table === table)) ?? [];
  if (missing.length) throw new Error(`no such tables: ${missing.join(', ')}`);
  return rows.map(({ table, columns, primary_key }) => {
    const compared = columns.filter((column) => !isReadTime(table, column));
    // A table without a primary key is ordered by its whole row text.
    return { table, columns: compared, primaryKey: primary_key ?? compared };
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The rows of every table of the database at `url` (`only`: of those tables) as text, read-time columns
 * left out, in primary-key order.
 */
export function tableRows(url: string, only?: readonly string[]): Promise<Record<string, string[]>> {
  return withConnection(url, async (client) => {
    const tables: Record<string, string[]> = {};
    for (const { table, columns, primaryKey } of await tableShapes(client, only)) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT ROW(${columns.map(quote).join(', ')})::text AS row FROM ${quote(table)} ORDER BY ${primaryKey.map(quote).join(', ')}`,
      );
      tables[table] = rows.map(({ row }) => row);
    }
    return tables;
  });
}

/** Every chain-derived row ({@link tableRows} of the tables blocks fill), to compare two runs of a chain. */
export function dumpChainTables(url: string): Promise<Record<string, string[]>> {
  return tableRows(url, CHAIN_TABLES);
}

/** Row count and checksum of every table of the database at `url`. */
export async function fingerprintTables(url: string): Promise<Record<string, TableFingerprint>> {
  const tables = await tableRows(url);
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      {
        rows: rows.length,
        checksum: createHash('md5').update(rows.join('\n')).digest('hex'),
        ...(rows.length <= SMALL_TABLE_ROWS && rows.length > 0 && { smallTableRows: rows }),
      },
    ]),
  );
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
