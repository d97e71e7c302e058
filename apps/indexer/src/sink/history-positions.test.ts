import type { AddressTxRow, RedeemerRow } from '../project/rows.js';
import { HistoryPositions, type HistoryRows } from './history-positions.js';
import type { Sql } from './sql.js';

type Numbering = 'addresses' | 'accounts' | 'assets' | 'scripts' | 'labels';

/** The numbering a query of the last stored positions reads, by the column it orders. */
function numberingOf(query: string): Numbering {
  if (query.includes('account_position')) return 'accounts';
  if (query.includes('script_position')) return 'scripts';
  if (query.includes('label_position')) return 'labels';
  return query.includes('asset_tx') ? 'assets' : 'addresses';
}

/** The database's last positions of each numbering's keys, and the keys each query asked for. */
function stored(last: Partial<Record<Numbering, Record<string, number>>>) {
  const asked: Record<Numbering, unknown[][]> = {
    addresses: [],
    accounts: [],
    assets: [],
    scripts: [],
    labels: [],
  };
  const sql = {
    $queryRawUnsafe: (query: string, keys: (bigint | string)[]) => {
      const of = numberingOf(query);
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

const only = (addressTxs: AddressTxRow[], rows: Partial<HistoryRows> = {}): HistoryRows => ({
  addressTxs,
  assetTxs: [],
  redeemers: [],
  metadataCbors: [],
  ...rows,
});

const redeemer = (id: number, scriptHash: string | null): RedeemerRow => ({
  id: BigInt(id),
  txId: BigInt(id),
  purpose: 'spend',
  index: 0,
  unitMem: 1n,
  unitSteps: 1n,
  scriptHash,
  redeemerDataHash: '00',
  scriptPosition: null,
});

describe('HistoryPositions', () => {
  it("numbers each address's rows after its stored last position, a new address from 1", async () => {
    const { sql } = stored({ addresses: { '7': 41 } });
    const batch = [row(7, 100), row(8, 100), row(7, 101), row(7, 102), row(8, 103)];
    await new HistoryPositions(10).number(sql, only(batch));
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
    await new HistoryPositions(10).number(sql, only(batch));
    expect(batch.map((r) => r.accountPosition)).toEqual([11, 10, null, 12, 1]);
    expect(batch.map((r) => r.position)).toEqual([1, 1, 1, 2, 2]);
  });

  it('continues from an adopted batch without asking the database, and asks again after clear', async () => {
    const { sql, asked } = stored({ addresses: { '7': 5 }, accounts: { '3': 20 } });
    const positions = new HistoryPositions(10);
    positions.adopt(await positions.number(sql, only([row(7, 1, 3)])));
    const next = [row(7, 2, 3), row(9, 2)];
    await positions.number(sql, only(next));
    expect(next.map((r) => [r.position, r.accountPosition])).toEqual([
      [7, 22],
      [1, null],
    ]);
    expect(asked).toEqual({ addresses: [[7n], [9n]], accounts: [[3n]], assets: [], scripts: [], labels: [] });
    positions.clear();
    const afterRollback = [row(7, 2, 3)];
    await positions.number(sql, only(afterRollback));
    expect([afterRollback[0]!.position, afterRollback[0]!.accountPosition]).toEqual([6, 21]);
  });

  it('keeps nothing of a batch that was not adopted (its transaction did not commit)', async () => {
    const { sql } = stored({});
    const positions = new HistoryPositions(10);
    await positions.number(sql, only([row(7, 1, 3), row(7, 2, 3)]));
    const retried = [row(7, 1, 3)];
    await positions.number(sql, only(retried));
    expect([retried[0]!.position, retried[0]!.accountPosition]).toEqual([1, 1]);
  });

  it('forgets the least recently written keys beyond its capacity', async () => {
    const { sql, asked } = stored({});
    const positions = new HistoryPositions(2);
    positions.adopt(await positions.number(sql, only([row(1, 1), row(2, 1)])));
    positions.adopt(await positions.number(sql, only([row(1, 2), row(3, 2)])));
    asked.addresses.length = 0;
    await positions.number(sql, only([row(1, 3), row(2, 3), row(3, 3)]));
    expect(asked.addresses).toEqual([[2n]]);
  });

  it("numbers an asset's transactions, a script's redeemers and a label's rows, each after its stored last", async () => {
    const { sql, asked } = stored({ assets: { '5': 30 }, scripts: { ab: 7 }, labels: { '674': 99 } });
    const rows = only([], {
      assetTxs: [
        { assetId: 5n, txId: 1n, position: 0 },
        { assetId: 6n, txId: 1n, position: 0 },
        { assetId: 5n, txId: 2n, position: 0 },
      ],
      redeemers: [redeemer(1, 'ab'), redeemer(2, null), redeemer(3, 'cd'), redeemer(4, 'ab')],
      metadataCbors: [
        { id: 1n, txId: 1n, label: '674', bytes: '', position: 0 },
        { id: 2n, txId: 1n, label: '721', bytes: '', position: 0 },
        { id: 3n, txId: 2n, label: '674', bytes: '', position: 0 },
      ],
    });
    await new HistoryPositions(10).number(sql, rows);
    expect(rows.assetTxs.map((r) => r.position)).toEqual([31, 1, 32]);
    expect(rows.redeemers.map((r) => r.scriptPosition)).toEqual([8, null, 1, 9]);
    expect(rows.metadataCbors.map((r) => r.position)).toEqual([100, 1, 101]);
    expect(asked).toEqual({
      addresses: [],
      accounts: [],
      assets: [[5n, 6n]],
      scripts: [['ab', 'cd']],
      labels: [['674', '721']],
    });
  });
});
