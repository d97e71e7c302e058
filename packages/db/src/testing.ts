import { randomBytes } from 'node:crypto';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from './migrate.js';

/**
 * Integration tests get their own database, cloned from a migrated template so each one starts from
 * the real schema in milliseconds. `npm test` starts Postgres and sets TEST_DATABASE_URL (a URL whose
 * user may CREATE DATABASE); running a test file without it is an error, never a silent skip.
 */
export function testDatabaseAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`, which starts Postgres');
  }
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const TEMPLATE = 'frostline_test_template';

async function ensureTemplate(admin: pg.Client, adminUrl: string): Promise<void> {
  // Several jest workers may race to build the template: serialise them on an advisory lock.
  await admin.query('SELECT pg_advisory_lock(4242)');
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    }
    // Always run: it is a no-op when up to date, and picks up migrations added since the last run.
    await applyMigrations(withDatabase(adminUrl, TEMPLATE));
  } finally {
    await admin.query('SELECT pg_advisory_unlock(4242)');
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseAdminUrl();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `frostline_test_${randomBytes(6).toString('hex')}`;
  try {
    await ensureTemplate(admin, adminUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `work` on a connection of its own to `url`, closed whatever happens. */
export async function withConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A copy of the repository's migrations up to and including `last`, for a migration's own test: apply those before
 * it, write the rows an older database holds, then apply it.
 */
export async function migrationsUpTo(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-migrations-'));
  for (const { name } of await readMigrations()) {
    if (name > last) break;
    await cp(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

/** The name of the migration applied just before `name`. */
export async function migrationBefore(name: string): Promise<string> {
  const all = await readMigrations();
  return all[all.findIndex((m) => m.name === name) - 1]!.name;
}
