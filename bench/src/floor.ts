// The floor under the ingest's CPU per block: what PostgreSQL alone spends storing the same rows
// into the same schema (indexes, keys and foreign-key checks included) when they arrive by COPY,
// the cheapest way in. The ingested database's rows are copied out to files, the tables emptied,
// and the files copied back in, one table at a time in foreign-key order.
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { postgresCpuSeconds, postmasterPid } from './proc-cpu.js';

export interface FloorResult {
  blocks: number;
  rows: number;
  tables: number;
  seconds: number;
  postgresCpuSeconds: number;
  cpuMsPerBlock: number;
}

export async function postgresFloor(databaseUrl: string, log: (line: string) => void): Promise<FloorResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const files: string[] = [];
  try {
    const dataDirectory = (await client.query('SHOW data_directory')).rows[0].data_directory as string;
    const tables = await tablesInForeignKeyOrder(client);
    const blocks = Number(
      (await client.query(`SELECT count(*) AS n FROM block WHERE era <> 'genesis'`)).rows[0].n,
    );
    // Server-side files (relative to the data directory): the bytes never pass through this process.
    const file = (table: string) => `bench_floor_${table}.copy`;
    for (const table of tables) {
      await client.query(`COPY "${table}" TO '${file(table)}'`);
      files.push(path.join(dataDirectory, file(table)));
    }
    // Emptied in a transaction of its own: COPY into a table truncated in the same transaction
    // writes no WAL (wal_level=minimal), which the indexer's inserts never get.
    await client.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
    await client.query('CHECKPOINT');
    const postmaster = await postmasterPid(client);
    const cpuBefore = postgresCpuSeconds(postmaster);
    const started = performance.now();
    let rows = 0;
    for (const table of tables) rows += (await client.query(`COPY "${table}" FROM '${file(table)}'`)).rowCount ?? 0;
    const seconds = (performance.now() - started) / 1000;
    const cpu = postgresCpuSeconds(postmaster) - cpuBefore;
    log(`floor: COPY of ${rows} rows (${tables.length} tables) in ${seconds.toFixed(1)} s, PostgreSQL CPU ${cpu.toFixed(1)} s`);
    return { blocks, rows, tables: tables.length, seconds, postgresCpuSeconds: cpu, cpuMsPerBlock: (cpu * 1000) / blocks };
  } finally {
    await client.end();
    for (const f of files) unlinkSync(f);
  }
}

/** The tables holding rows (migrations' bookkeeping aside), each after the tables it references. */
async function tablesInForeignKeyOrder(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT c.relname::text AS name,
            coalesce(array_agg(DISTINCT r.relname::text) FILTER (WHERE r.relname <> c.relname), '{}') AS refs
     FROM pg_class c
     LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'f'
     LEFT JOIN pg_class r ON r.oid = k.confrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
     GROUP BY c.relname`,
  );
  const references = new Map(rows.map((r) => [r.name as string, r.refs as string[]]));
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const referenced of references.get(table) ?? []) visit(referenced);
    ordered.push(table);
  };
  for (const table of [...references.keys()].sort()) visit(table);
  return ordered;
}
