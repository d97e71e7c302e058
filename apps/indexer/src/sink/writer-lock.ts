import pg from 'pg';

// Any constant works; every indexer writing this schema must use the same one.
const WRITER_LOCK_KEY = 0x66726f73; // "fros"

export class WriterLockTakenError extends Error {}

/**
 * Only one indexer may write a database: a session-level advisory lock held on a dedicated
 * connection for the life of the process (ponder's `_ponder_meta` lock, STYLE.md §6.3).
 */
export async function acquireWriterLock(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'frostline-indexer-lock' });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    WRITER_LOCK_KEY,
  ]);
  if (!rows[0]!.locked) {
    await client.end();
    throw new WriterLockTakenError(
      'another indexer is already writing to this database; only one writer may run at a time',
    );
  }
  return {
    async release() {
      await client.query('SELECT pg_advisory_unlock($1)', [WRITER_LOCK_KEY]).catch(() => undefined);
      await client.end();
    },
  };
}
