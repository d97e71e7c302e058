import type { AddressTxRow } from '../project/rows.js';
import { HistoryPositions } from './history-positions.js';
import type { Sql } from './sql.js';

/** The database's last positions of addresses and accounts, and the keys each query asked for. */
function stored(last: { addresses?: Record<string, number>; accounts?: Record<string, number> }) {
  const asked = { addresses: [] as bigint[][], accounts: [] as bigint[][] };
  const sql = {
    $queryRawUnsafe: (query: string, keys: bigint[]) => {
      const of = query.includes('account_position') ? 'accounts' : 'addresses';
      asked[of].push(keys);
      return Promise.resolve(keys.map((key) => ({ key, position: last[of]?.[key.toString()] ?? null })));
    },
  } as unknown as Sql;
  return { sql, asked };
}

const row = (address: number, tx: number, account: number | null = null, txOut = tx * 10): AddressTxRow => ({
  addressId: BigInt(address),
  txId: BigInt(tx),
  stakeAddressId: account === null ? null : BigInt(account),
  txOutId: BigInt(txOut),
  position: 0,
  accountPosition: null,
});

describe('HistoryPositions', () => {
  it("numbers each address's rows after its stored last position, a new address from 1", async () => {
    const { sql } = stored({ addresses: { '7': 41 } });
    const batch = [row(7, 100), row(8, 100), row(7, 101), row(7, 102), row(8, 103)];
    await new HistoryPositions(10).number(sql, batch);
    expect(batch.map((r) => r.position)).toEqual([42, 1, 43, 44, 2]);
    expect(batch.map((r) => r.accountPosition)).toEqual([null, null, null, null, null]);
  });

  it("numbers an account's rows in its list's order: chain order, a transaction's rows by their lowest output", async () => {
    const { sql } = stored({ accounts: { '3': 9 } });
    const batch = [
      row(7, 100, 3, 1002),
      row(8, 100, 3, 1001),
      row(9, 100, null),
      row(7, 101, 3),
      row(8, 101, 4),
    ];
    await new HistoryPositions(10).number(sql, batch);
    expect(batch.map((r) => r.accountPosition)).toEqual([11, 10, null, 12, 1]);
    expect(batch.map((r) => r.position)).toEqual([1, 1, 1, 2, 2]);
  });

  it('continues from an adopted batch without asking the database, and asks again after clear', async () => {
    const { sql, asked } = stored({ addresses: { '7': 5 }, accounts: { '3': 20 } });
    const positions = new HistoryPositions(10);
    positions.adopt(await positions.number(sql, [row(7, 1, 3)]));
    const next = [row(7, 2, 3), row(9, 2)];
    await positions.number(sql, next);
    expect(next.map((r) => [r.position, r.accountPosition])).toEqual([
      [7, 22],
      [1, null],
    ]);
    expect(asked).toEqual({ addresses: [[7n], [9n]], accounts: [[3n]] });
    positions.clear();
    const afterRollback = [row(7, 2, 3)];
    await positions.number(sql, afterRollback);
    expect([afterRollback[0]!.position, afterRollback[0]!.accountPosition]).toEqual([6, 21]);
  });

  it('keeps nothing of a batch that was not adopted (its transaction did not commit)', async () => {
    const { sql } = stored({});
    const positions = new HistoryPositions(10);
    await positions.number(sql, [row(7, 1, 3), row(7, 2, 3)]);
    const retried = [row(7, 1, 3)];
    await positions.number(sql, retried);
    expect([retried[0]!.position, retried[0]!.accountPosition]).toEqual([1, 1]);
  });

  it('forgets the least recently written keys beyond its capacity', async () => {
    const { sql, asked } = stored({});
    const positions = new HistoryPositions(2);
    positions.adopt(await positions.number(sql, [row(1, 1), row(2, 1)]));
    positions.adopt(await positions.number(sql, [row(1, 2), row(3, 2)]));
    asked.addresses.length = 0;
    await positions.number(sql, [row(1, 3), row(2, 3), row(3, 3)]);
    expect(asked.addresses).toEqual([[2n]]);
  });
});
