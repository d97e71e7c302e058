import pg from 'pg';

// Any constant works; every indexer writing this schema must use the same one.
const WRITER_LOCK_KEY = 0x66726f73; // "fros"

export class WriterLockTakenError extends Error {}

/**
 * The lock's connection ended (PostgreSQL restarted, or the session was terminated): the lock is
 * gone with it, and another indexer may take it. Nothing more may be written by this process.
 */
export class WriterLockLostError extends Error {}

/**
 * Only one indexer may write a database: a session-level advisory lock held on a dedicated
 * connection for the life of the process (ponder's `_ponder_meta` lock, STYLE.md §6.3). `lost`
 * rejects if that connection ends before release().
 */
export async function acquireWriterLock(
  databaseUrl: string,
): Promise<{ lost: Promise<never>; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'frostline-indexer-lock' });
  let releasing = false;
  const lost = new Promise<never>((_, reject) => {
    // Without this listener a server restart (57P01) is an unhandled 'error' that kills the process.
    client.on('error', (error) => {
      if (!releasing) reject(new WriterLockLostError(`lost the writer lock: ${error.message}`));
    });
    client.on('end', () => {
      if (!releasing) reject(new WriterLockLostError('lost the writer lock: its database connection ended'));
    });
  });
  lost.catch(() => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    WRITER_LOCK_KEY,
  ]);
  if (!rows[0]!.locked) {
    releasing = true;
    await client.end();
    throw new WriterLockTakenError(
      'another indexer is already writing to this database; only one writer may run at a time',
    );
  }
  return {
    lost,
    async release() {
      releasing = true;
      await client.query('SELECT pg_advisory_unlock($1)', [WRITER_LOCK_KEY]).catch(() => undefined);
      await client.end();
    },
  };
}
