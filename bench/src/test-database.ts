// For the bench's integration tests (TEST_DATABASE_URL): a fresh migrated database and a client on it.
import { createTestDatabase } from '@frostline/db/testing';
import pg from 'pg';

export interface ConnectedTestDatabase {
  url: string;
  client: pg.Client;
  drop(): Promise<void>;
}

export async function connectedTestDatabase(): Promise<ConnectedTestDatabase> {
  const db = await createTestDatabase();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return {
    url: db.url,
    client,
    drop: async () => {
      await client.end();
      await db.drop();
    },
  };
}
