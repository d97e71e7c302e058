import { createTestDatabase, withConnection, type TestDatabase } from '@frostline/db/testing';
import { compareDatabases } from './compare-databases.js';

// The kill -9 suite trusts this comparator to see a lost or doubled row: shown here on tampered copies.
describe('compareDatabases', () => {
  let original: TestDatabase;
  let copy: TestDatabase;

  const ROWS = `INSERT INTO stake_balance (stake_address_id, utxo_value) VALUES (1, 10), (2, 20), (3, 30);
                INSERT INTO reward_balance (stake_address_id, amount, slot, updated_at) VALUES (1, 5, 100, now())`;

  const run = (database: TestDatabase, sql: string) =>
    withConnection(database.url, (client) => client.query(sql));

  beforeEach(async () => {
    [original, copy] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await run(original, ROWS);
    await run(copy, ROWS);
  });
  afterEach(async () => {
    await Promise.all([original.drop(), copy.drop()]);
  });

  const differingTables = async () =>
    (await compareDatabases(original.url, copy.url)).map(({ table, expected, actual }) => ({
      table,
      rows: [expected?.rows, actual?.rows],
    }));

  it('finds no difference between databases holding the same rows, whenever they were written', async () => {
    await run(copy, `UPDATE reward_balance SET updated_at = now() + interval '1 hour'`);
    expect(await differingTables()).toEqual([]);
  });

  it('finds no difference in when a reward balance was read from the ledger, only in its amount', async () => {
    await run(copy, `UPDATE reward_balance SET slot = 200`);
    expect(await differingTables()).toEqual([]);
  });

  it('finds a lost row', async () => {
    await run(copy, `DELETE FROM stake_balance WHERE stake_address_id = 2`);
    expect(await differingTables()).toEqual([{ table: 'stake_balance', rows: [3, 2] }]);
  });

  it('finds a doubled row (the same content under a second key)', async () => {
    await run(copy, `INSERT INTO stake_balance (stake_address_id, utxo_value) VALUES (4, 30)`);
    expect(await differingTables()).toEqual([{ table: 'stake_balance', rows: [3, 4] }]);
  });

  it('finds a changed value in a table of the same size', async () => {
    await run(copy, `UPDATE reward_balance SET amount = 6`);
    expect(await differingTables()).toEqual([{ table: 'reward_balance', rows: [1, 1] }]);
  });

  it("shows a small table's rows, to tell which column differs", async () => {
    await run(copy, `UPDATE reward_balance SET amount = 6`);
    const [difference] = await compareDatabases(original.url, copy.url);
    expect([difference?.expected?.smallTableRows, difference?.actual?.smallTableRows]).toEqual([
      ['(1,5)'],
      ['(1,6)'],
    ]);
  });

  it('finds the same values under other keys', async () => {
    await run(copy, `UPDATE stake_balance SET utxo_value = 40 - utxo_value WHERE stake_address_id <> 2`);
    expect(await differingTables()).toEqual([{ table: 'stake_balance', rows: [3, 3] }]);
  });
});
