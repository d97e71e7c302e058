import pg from 'pg';
import { applyMigrations } from './migrate.js';
import { migrationBefore, migrationsUpTo, testDatabaseAdminUrl, withConnection } from './testing.js';

const SPENDS_MIGRATION = '20261129120000_spends_outside_tx_out';

// A database indexed before spends had a table of their own: outputs 1 and 3 spent (3 by an invalid
// transaction's collateral), 2 and 4 live, 4 holding an asset.
describe(`migration ${SPENDS_MIGRATION}`, () => {
  const adminUrl = testDatabaseAdminUrl();
  const name = `frostline_test_spends_${process.pid}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

  beforeAll(async () => {
    await withConnection(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    await applyMigrations(url, await migrationsUpTo(await migrationBefore(SPENDS_MIGRATION)));
    await withConnection(url, (c) =>
      c.query(`INSERT INTO tx_out (id, tx_id, index, address_id, payment_cred, value, has_assets, spent_by_tx_id) VALUES
        (1, 1, 0, 7, '\\x01', 10, false, 2), (2, 1, 1, 8, NULL, 20, false, NULL),
        (3, 2, 0, 7, '\\x01', 30, false, 3), (4, 2, 1, 7, '\\x01', 40, true, NULL)`),
    );
    expect(await applyMigrations(url, await migrationsUpTo(SPENDS_MIGRATION))).toEqual([SPENDS_MIGRATION]);
  });
  afterAll(() =>
    withConnection(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  );

  const rows = (sql: string) => withConnection(url, async (c: pg.Client) => (await c.query(sql)).rows);

  it('records each spent output with the transaction that spent it', async () => {
    expect(await rows(`SELECT tx_out_id::int, tx_id::int FROM tx_out_spend ORDER BY tx_out_id`)).toEqual([
      { tx_out_id: 1, tx_id: 2 },
      { tx_out_id: 3, tx_id: 3 },
    ]);
  });

  it('keeps the outputs not spent, with what the address pages read', async () => {
    expect(
      await rows(
        `SELECT tx_out_id::int, address_id::int, encode(payment_cred, 'hex') AS payment_cred, has_assets
         FROM unspent_tx_out ORDER BY tx_out_id`,
      ),
    ).toEqual([
      { tx_out_id: 2, address_id: 8, payment_cred: null, has_assets: false },
      { tx_out_id: 4, address_id: 7, payment_cred: '01', has_assets: true },
    ]);
  });

  it('leaves tx_out without spent_by_tx_id and its indexes', async () => {
    expect(
      await rows(
        `SELECT 1 FROM pg_attribute WHERE attrelid = 'tx_out'::regclass AND attname = 'spent_by_tx_id'`,
      ),
    ).toEqual([]);
    expect(
      (await rows(`SELECT indexname FROM pg_indexes WHERE tablename = 'tx_out' ORDER BY 1`)).map(
        (r) => r.indexname,
      ),
    ).toEqual(['tx_out_pkey', 'tx_out_tx_id_index_key']);
  });
});
