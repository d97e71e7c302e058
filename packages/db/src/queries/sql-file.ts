import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CustomTypesConfig, QueryResultRow } from 'pg';
import { pgPool, type PrismaClient } from '../client.js';

/** prisma/sql of this repository: one reviewed read query per endpoint. */
const SQL_DIR = new URL('../../../../prisma/sql/', import.meta.url);

/** `{{include <name>}}` stands for prisma/sql/fragments/<name>.sql: SQL that several queries share, written once. */
const INCLUDE = /\{\{include ([a-z_]+)\}\}/g;

/**
 * Reads prisma/sql/<name>.sql once, when the query module is first imported, with its fragments filled in: the
 * text PostgreSQL gets is what the file would be with each fragment written out where it is included.
 */
export function readSqlFile(name: string): string {
  const sql = readFileSync(fileURLToPath(new URL(`${name}.sql`, SQL_DIR)), 'utf8');
  return sql.replace(INCLUDE, (_, fragment: string) => readSqlFile(`fragments/${fragment}`));
}

/** A query text with its named parameters numbered, and the values of one call in that order. */
export interface NamedQuery<Name extends string> {
  text: string;
  /** The values of the named parameters, to follow those of the numbered ones. */
  values(params: Record<Name, unknown>): unknown[];
}

/**
 * Numbers a query's named parameters (`$limit`, `$since` …): each becomes the next number after its numbered
 * ones ($1 …), in the order `names` lists them. A fragment that several queries include can then name a
 * parameter that stands at a different position in each of them. Every name in the text must be listed and
 * every listed name used, so a query and its module cannot drift apart unnoticed.
 */
export function withNamedParameters<Name extends string>(
  sql: string,
  names: readonly Name[],
): NamedQuery<Name> {
  const numbered = Math.max(0, ...Array.from(sql.matchAll(/\$(\d+)/g), ([, n]) => Number(n)));
  const unused = new Set<string>(names);
  const text = sql.replace(/\$([a-z_]+)/g, (_, name: string) => {
    const index = names.indexOf(name as Name);
    if (index < 0) throw new Error(`the query names a parameter $${name} its module does not list`);
    unused.delete(name);
    return `$${numbered + index + 1}`;
  });
  if (unused.size > 0) throw new Error(`the query does not use the parameters ${[...unused].join(', ')}`);
  return { text, values: (params) => names.map((name) => params[name]) };
}

/**
 * `{{page}}` stands where a selection that a page query and an id list query share (the address UTxO
 * selections in prisma/sql/fragments) is cut to one page: the page query's LIMIT and OFFSET ($limit, $offset);
 * the id list takes all of it. A text, not a LIMIT of null in both: that would change the id list's generic
 * plan (a sort of the whole list instead of a merge of the ordered index scans).
 */
export function cutSelection(sql: string, cut: 'page' | 'whole'): string {
  return sql.replaceAll('{{page}}', cut === 'page' ? 'LIMIT $limit::int4 OFFSET $offset::int4' : '');
}

export type Order = 'asc' | 'desc';

/** One page of a list: LIMIT, OFFSET and the chain-order direction. */
export interface PageParams {
  limit: number;
  offset: number;
  order: Order;
}

/**
 * SQL cannot take a sort direction as a parameter, and `ORDER BY CASE …` would stop an index from
 * delivering rows in order; so a query with `{{direction}}` is prepared once per direction.
 */
export function sqlByDirection(sql: string): Record<Order, string> {
  return { asc: sql.replaceAll('{{direction}}', 'ASC'), desc: sql.replaceAll('{{direction}}', 'DESC') };
}

/** Hex (as validated by the API) to the bytes a bytea parameter takes. */
export function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/** A name per SQL text, the same on every connection of the process. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `frostline_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Runs a read query on the pg pool behind `db`, bypassing Prisma's raw-query runtime, whose CPU per query
 * is as much as PostgreSQL spends on an endpoint that reads one row (bench/ANALYSIS.md). For queries whose
 * SQL already casts every column to the type the API returns (text for 64-bit amounts, float8 for slots and
 * times), pg's conversions give the same values as Prisma's.
 *
 * As a named prepared statement: parsed once per connection, and after five executions PostgreSQL
 * plans it once too, unless that generic plan is estimated dearer than planning for each key
 * (plan_cache_mode auto). Parsing and planning an endpoint's query costs PostgreSQL more CPU than most of
 * them take to run (bench/ANALYSIS.md).
 */
export async function queryRows<T extends QueryResultRow>(
  db: PrismaClient,
  sql: string,
  params: unknown[] = [],
  types?: CustomTypesConfig,
): Promise<T[]> {
  return (await pgPool(db).query<T>({ name: statementName(sql), text: sql, values: params, types })).rows;
}

/**
 * A page read together with existence probes: the first row always carries the probes, and comes back alone,
 * with null page columns, when the page is empty (the SQL LEFT JOINs the page to one probe row).
 */
export function probedPage<T extends QueryResultRow>(
  rows: T[],
  pageColumn: keyof T,
): { probe: T; page: T[] } {
  const [probe] = rows as [T];
  return { probe, page: probe[pageColumn] === null ? [] : rows };
}

/**
 * The rows of what one transaction holds (its inputs and outputs, certificates, withdrawals …), or
 * null when the transaction is unknown. The SQL LEFT JOINs them to the transaction, so one without
 * any comes back as one row whose `present` column is null.
 */
export async function transactionRows<T extends QueryResultRow>(
  db: PrismaClient,
  sql: string,
  hash: string,
  present: keyof T,
): Promise<T[] | null> {
  const rows = await queryRows<T>(db, sql, [hexBytes(hash)]);
  if (rows.length === 0) return null;
  return rows.filter((row) => row[present] !== null);
}
