import { populate, populateScale, scaledPopulateScale } from './populate.js';
import { connectedTestDatabase, type ConnectedTestDatabase } from './test-database.js';

// The growth run's smaller history (a quarter of the quick run's): the indexer numbers the chain's transactions
// after the largest stored tx id, so a row naming a later one would collide with the chain's.
let db: ConnectedTestDatabase;
beforeAll(async () => {
  db = await connectedTestDatabase();
  await populate(db.url, true, () => {}, scaledPopulateScale(populateScale(true), 1 / 4));
}, 180_000);
afterAll(() => db.drop());

it('names only stored transactions in every table keyed by one', async () => {
  const { rows: tables } = await db.client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'tx_id' ORDER BY table_name`,
  );
  expect(tables.map((t) => t.table_name)).toContain('tx_cbor');
  const beyond: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await db.client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${table_name} WHERE tx_id > (SELECT max(id) FROM tx)`,
    );
    if (Number(rows[0]!.n) > 0) beyond[table_name] = Number(rows[0]!.n);
  }
  expect(beyond).toEqual({});
});
