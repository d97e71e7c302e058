import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, readMigrations } from './migrate.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function history(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('applyMigrations', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db.drop());

  it('applies pending migrations in name order and records them as Prisma does', async () => {
    const dir = await migrationsDir({
      '20260101000000_a': 'CREATE TABLE "a" (id INT);',
      '20260102000000_b': 'ALTER TABLE "a" ADD COLUMN b INT;',
    });
    expect(await applyMigrations(db.url, dir)).toEqual(['20260101000000_a', '20260102000000_b']);
    const [a, b] = await readMigrations(dir);
    // The repository's own migrations are already in the template database.
    const recorded = (await history(db.url)).filter((r) => r.migration_name.startsWith('2026010'));
    expect(recorded).toEqual([
      { migration_name: a!.name, checksum: a!.checksum, finished: true, applied_steps_count: 1 },
      { migration_name: b!.name, checksum: b!.checksum, finished: true, applied_steps_count: 1 },
    ]);
    expect(await applyMigrations(db.url, dir)).toEqual([]);
  });

  it('rolls a failing migration back entirely and reports it', async () => {
    const dir = await migrationsDir({
      '20260101000000_bad': 'CREATE TABLE "ok" (id INT); SELECT no_such_function();',
    });
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(/20260101000000_bad failed/);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rowCount } = await client.query(`SELECT 1 FROM pg_class WHERE relname = 'ok'`);
    await client.end();
    expect(rowCount).toBe(0);
  });

  it('refuses a migration that changed after it was applied', async () => {
    const dir = await migrationsDir({ '20260101000000_a': 'CREATE TABLE "a" (id INT);' });
    await applyMigrations(db.url, dir);
    await writeFile(path.join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE "a" (id BIGINT);');
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(/was modified after it was applied/);
  });
});
