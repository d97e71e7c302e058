import { populate, type PopulateResult } from './populate.js';
import { checkHistoryTotals } from './populate-history.js';
import { connectedTestDatabase, type ConnectedTestDatabase } from './test-database.js';

// The quick run's history (40,000 transactions): populate itself checks its totals against the indexer's statement.
let db: ConnectedTestDatabase;
let populated: PopulateResult;
beforeAll(async () => {
  db = await connectedTestDatabase();
  populated = await populate(db.url, true, () => {});
}, 180_000);
afterAll(() => db.drop());

const count = async (sql: string) => Number((await db.client.query(sql)).rows[0].n);

it('plants each whale as the largest key of its history list', async () => {
  const { history } = populated.samples;
  const largest = async (table: string, key: string) =>
    count(`SELECT max(n) AS n FROM (SELECT count(*) AS n FROM ${table} GROUP BY ${key}) c`);
  expect(history.whaleAddress.transactions).toBe(await largest('address_tx', 'address_id'));
  expect(history.whaleAsset.transactions).toBe(await largest('asset_tx', 'asset_id'));
  expect(history.whaleScript.redeemers).toBe(await largest('redeemer', 'script_hash'));
  expect(history.whalePolicy.assets).toBe(await largest('asset', 'policy'));
  expect(history.whaleAccount.addresses).toBeGreaterThan(1_000);
});

it('spends outputs as mainnet does: more than two inputs per transaction', async () => {
  expect(populated.counts.tx_out_spend! / populated.counts.tx!).toBeGreaterThan(2);
});

it('finds a running total that is not what the indexer would have written', async () => {
  await checkHistoryTotals(db.client);
  await db.client.query(`UPDATE address_total SET received = received + 1 WHERE address_id = 1`);
  await expect(checkHistoryTotals(db.client)).rejects.toThrow('address_total: ');
});

it('numbers every paged history 1 … n in its list order, as the batch writer does', async () => {
  /** `key`: the column whose rows make one list; none for a single list of the whole table */
  const misnumbered = (table: string, position: string, order: string, key?: string) =>
    count(`SELECT count(*) AS n FROM (
      SELECT ${position} AS position,
        row_number() OVER (${key ? `PARTITION BY ${key}` : ''} ORDER BY ${order}) AS expected
      FROM ${table} ${key ? `WHERE ${key} IS NOT NULL` : ''}) p WHERE position IS DISTINCT FROM expected`);
  expect({
    addresses: await misnumbered('address_tx', 'position', 'tx_id', 'address_id'),
    accounts: await misnumbered('address_tx', 'account_position', 'tx_id, tx_out_id', 'stake_address_id'),
    assets: await misnumbered('asset_tx', 'position', 'tx_id', 'asset_id'),
    scripts: await misnumbered('redeemer', 'script_position', 'id', 'script_hash'),
    labels: await misnumbered('tx_metadata_cbor', 'label_position', 'tx_id, id', 'label'),
    minted: await misnumbered('asset_mint_total', 'position', 'first_mint_id'),
  }).toEqual({ addresses: 0, accounts: 0, assets: 0, scripts: 0, labels: 0, minted: 0 });
});
