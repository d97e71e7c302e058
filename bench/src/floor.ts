// The floor under the ingest's CPU per block: what PostgreSQL alone spends storing the same rows
// into the same schema (its indexes and unique keys maintained) when they arrive by COPY, the
// cheapest way in. The ingested database's rows are copied out to files, the tables emptied, and the
// files copied back in, one table at a time, in COPY's binary format as the indexer writes them.
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
    const tables = await chainTables(client);
    const blocks = Number(
      (await client.query(`SELECT count(*) AS n FROM block WHERE era <> 'genesis'`)).rows[0].n,
    );
    // Server-side files in the data directory: the bytes never pass through this process.
    const file = (table: string) => path.join(dataDirectory, `bench_floor_${table}.copy`);
    for (const table of tables) {
      await client.query(`COPY "${table}" TO '${file(table)}' (FORMAT binary)`);
      files.push(file(table));
    }
    // Emptied in a transaction of its own: COPY into a table truncated in the same transaction
    // writes no WAL (wal_level=minimal), which the indexer's inserts never get.
    await client.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
    await client.query('CHECKPOINT');
    const postmaster = await postmasterPid(client);
    const cpuBefore = postgresCpuSeconds(postmaster);
    const started = performance.now();
    let rows = 0;
    for (const table of tables)
      rows += (await client.query(`COPY "${table}" FROM '${file(table)}' (FORMAT binary)`)).rowCount ?? 0;
    const seconds = (performance.now() - started) / 1000;
    const cpu = postgresCpuSeconds(postmaster) - cpuBefore;
    log(
      `floor: COPY of ${rows} rows (${tables.length} tables) in ${seconds.toFixed(1)} s, PostgreSQL CPU ${cpu.toFixed(1)} s`,
    );
    return {
      blocks,
      rows,
      tables: tables.length,
      seconds,
      postgresCpuSeconds: cpu,
      cpuMsPerBlock: (cpu * 1000) / blocks,
    };
  } finally {
    await client.end();
    for (const f of files) unlinkSync(f);
  }
}

/** The tables the chain fills (migrations' bookkeeping aside). The schema has no foreign keys: any order loads. */
async function chainTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
  );
  return rows.map((r) => r.tablename as string);
}
