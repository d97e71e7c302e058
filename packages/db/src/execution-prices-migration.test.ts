import { applyMigrations } from './migrate.js';
import { migrationBefore, migrationsUpTo, testDatabaseAdminUrl, withConnection } from './testing.js';

const PRICES_MIGRATION = '20261221090000_protocol_parameters_execution_prices';
const PRICES = `price_memory_numerator::text AS mem_n, price_memory_denominator::text AS mem_d,
  price_steps_numerator::text AS steps_n, price_steps_denominator::text AS steps_d`;

const params = (prices: unknown) => JSON.stringify({ maxTxSize: 16384, scriptExecutionPrices: prices });

// A database whose parameters were stored before the prices had columns of their own: epoch 1 with mainnet's
// prices, epoch 2 before Alonzo (no prices).
describe(`migration ${PRICES_MIGRATION}`, () => {
  const adminUrl = testDatabaseAdminUrl();
  const name = `frostline_test_prices_${process.pid}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const query = (sql: string, values: unknown[] = []) =>
    withConnection(url, async (c) => (await c.query(sql, values)).rows);

  beforeAll(async () => {
    await withConnection(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    await applyMigrations(url, await migrationsUpTo(await migrationBefore(PRICES_MIGRATION)));
    await query(
      `INSERT INTO protocol_parameters (epoch, params) VALUES (1, $1), (2, '{"maxTxSize": 16384}')`,
      [params({ memory: '577/10000', cpu: '721/10000000' })],
    );
    expect(await applyMigrations(url, await migrationsUpTo(PRICES_MIGRATION))).toEqual([PRICES_MIGRATION]);
  });
  afterAll(() =>
    withConnection(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  );

  it('gives the stored parameters their prices, and none to an epoch without them', async () => {
    expect(await query(`SELECT epoch, ${PRICES} FROM protocol_parameters ORDER BY epoch`)).toEqual([
      { epoch: 1, mem_n: '577', mem_d: '10000', steps_n: '721', steps_d: '10000000' },
      { epoch: 2, mem_n: null, mem_d: null, steps_n: null, steps_d: null },
    ]);
  });

  it('follows params when a row is replaced, as the indexer does for a fresh answer of the same epoch', async () => {
    await query(
      `INSERT INTO protocol_parameters (epoch, params) VALUES (2, $1)
       ON CONFLICT (epoch) DO UPDATE SET params = EXCLUDED.params`,
      [params({ memory: '18446744073709551615/1', cpu: '0/1' })],
    );
    expect(await query(`SELECT ${PRICES} FROM protocol_parameters WHERE epoch = 2`)).toEqual([
      { mem_n: '18446744073709551615', mem_d: '1', steps_n: '0', steps_d: '1' },
    ]);
  });

  it.each([
    ['a decimal', { memory: '0.0577', cpu: '721/10000000' }],
    ['a number', { memory: 577, cpu: '721/10000000' }],
    ['a negative ratio', { memory: '-577/10000', cpu: '721/10000000' }],
    ['a numerator beyond 20 digits', { memory: `${'9'.repeat(21)}/1`, cpu: '721/10000000' }],
  ])('stores parameters whose memory price is %s, with null for that price', async (_, prices) => {
    const [row] = await query(
      `INSERT INTO protocol_parameters (epoch, params) VALUES (3, $1)
       ON CONFLICT (epoch) DO UPDATE SET params = EXCLUDED.params RETURNING ${PRICES}`,
      [params(prices)],
    );
    expect(row).toEqual({ mem_n: null, mem_d: null, steps_n: '721', steps_d: '10000000' });
  });
});
