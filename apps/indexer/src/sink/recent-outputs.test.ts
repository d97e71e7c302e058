import type { StoredOutput } from '../project/keys.js';
import { OutputMap } from '../project/output-map.js';
import { emptyBatchRows, type TxOutRow } from '../project/rows.js';
import { RecentOutputs } from './recent-outputs.js';

const hash = (n: number) => n.toString(16).padStart(64, '0');

/** A committed batch of one transaction per hash, each with `outputs` outputs. */
function batch(txs: { id: number; outputs: number; spentIndexes?: number[] }[]) {
  const rows = emptyBatchRows();
  for (const tx of txs) {
    rows.txs.push({
      id: BigInt(tx.id),
      hash: hash(tx.id),
      blockId: 1n,
      blockIndex: 0,
      valid: true,
      fee: 0n,
      outSum: 0n,
      size: 0,
      deposit: 0n,
      invalidBefore: null,
      invalidHereafter: null,
      treasuryDonation: 0n,
      redeemerCount: 0,
      poolRetireCount: 0,
    });
    for (let index = 0; index < tx.outputs; index++) {
      rows.txOuts.push({
        id: BigInt(tx.id * 100 + index),
        txId: BigInt(tx.id),
        index,
        value: BigInt(index + 1),
        stakeAddressId: null,
        spentInBatch: tx.spentIndexes?.includes(index) ?? false,
      } as TxOutRow);
    }
  }
  return rows;
}

describe('RecentOutputs', () => {
  it('answers spends of committed unspent outputs and leaves the rest to the database', () => {
    const recent = new RecentOutputs(100);
    recent.addCommitted(batch([{ id: 1, outputs: 3, spentIndexes: [1] }]), []);
    const spends = [
      { txHash: hash(1), index: 0 },
      { txHash: hash(1), index: 1 },
      { txHash: hash(2), index: 0 },
    ];
    expect(recent.unknown(spends)).toEqual([
      { txHash: hash(1), index: 1 },
      { txHash: hash(2), index: 0 },
    ]);
    const fromDatabase = new OutputMap<StoredOutput>();
    const stored = {
      id: 200n,
      addressId: 1n,
      value: 5n,
      stakeAddressId: null,
      lockedByScript: false,
      paymentScriptHash: null,
    };
    fromDatabase.set({ txHash: hash(2), index: 0 }, stored);
    const before = recent.storedBefore(fromDatabase);
    expect(before.get(spends[0]!)).toEqual({
      id: 100n,
      value: 1n,
      stakeAddressId: null,
      paymentScriptHash: null,
    });
    expect(before.get(spends[1]!)).toBeUndefined();
    expect(before.get(spends[2]!)).toBe(stored);
  });

  it('finds each output its own transaction, whatever the transactions without outputs between them', () => {
    const recent = new RecentOutputs(100);
    recent.addCommitted(
      batch([
        { id: 1, outputs: 0 },
        { id: 2, outputs: 2 },
        { id: 3, outputs: 0 },
        { id: 4, outputs: 1 },
      ]),
      [],
    );
    expect(recent.size).toBe(3);
    const before = recent.storedBefore(new OutputMap());
    expect(before.get({ txHash: hash(2), index: 1 })).toMatchObject({ id: 201n });
    expect(before.get({ txHash: hash(4), index: 0 })).toMatchObject({ id: 400n });
  });

  it("forgets what a later batch spent, and the oldest transactions' outputs beyond its capacity", () => {
    const recent = new RecentOutputs(4);
    recent.addCommitted(batch([{ id: 1, outputs: 3 }]), []);
    recent.addCommitted(batch([{ id: 2, outputs: 2 }]), [{ txHash: hash(1), index: 2 }]);
    expect(recent.size).toBe(4);
    expect(recent.unknown([{ txHash: hash(1), index: 2 }])).toHaveLength(1);
    recent.addCommitted(batch([{ id: 3, outputs: 1 }]), []);
    // 5 > 4: transaction 1, the oldest, goes with both its unspent outputs.
    expect(recent.size).toBe(3);
    const unknown = recent.unknown([0, 1].map((index) => ({ txHash: hash(1), index })));
    expect(unknown.map((ref) => ref.index)).toEqual([0, 1]);
    recent.clear();
    expect(recent.size).toBe(0);
  });
});
