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

it('plants one full block, whose transactions the blocks after it give up, and numbers every block from 0', async () => {
  const { rows } = await db.client.query<{ tx_count: number; blocks: string; mismatched: string }>(
    `SELECT b.tx_count, count(*) AS blocks,
            count(*) FILTER (WHERE b.tx_count <> (SELECT count(*) FROM tx t WHERE t.block_id = b.id)
              OR (SELECT coalesce(max(t.block_index), -1) FROM tx t WHERE t.block_id = b.id) <> b.tx_count - 1
              OR (b.tx_count = 0) <> (b.fees IS NULL)) AS mismatched
     FROM block b WHERE b.era <> 'genesis' GROUP BY b.tx_count ORDER BY b.tx_count`,
  );
  expect(rows.map((r) => [r.tx_count, Number(r.blocks), Number(r.mismatched)])).toEqual([
    [0, 34, 0],
    [4, expect.any(Number), 0],
    [140, 1, 0],
  ]);
  const { rows: full } = await db.client.query<{ size: number }>(
    `SELECT size FROM block WHERE tx_count = 140`,
  );
  expect(full[0]!.size).toBe(90_112);
});
