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
    const { known, unknown } = recent.resolve([
      { txHash: hash(1), index: 0 },
      { txHash: hash(1), index: 1 },
      { txHash: hash(2), index: 0 },
    ]);
    expect(known.size).toBe(1);
    expect(known.get({ txHash: hash(1), index: 0 })).toEqual({ id: 100n, value: 1n, stakeAddressId: null });
    expect(unknown).toEqual([
      { txHash: hash(1), index: 1 },
      { txHash: hash(2), index: 0 },
    ]);
  });

  it("forgets what a later batch spent, and the oldest transactions' outputs beyond its capacity", () => {
    const recent = new RecentOutputs(4);
    recent.addCommitted(batch([{ id: 1, outputs: 3 }]), []);
    recent.addCommitted(batch([{ id: 2, outputs: 2 }]), [{ txHash: hash(1), index: 2 }]);
    expect(recent.size).toBe(4);
    expect(recent.resolve([{ txHash: hash(1), index: 2 }]).unknown).toHaveLength(1);
    recent.addCommitted(batch([{ id: 3, outputs: 1 }]), []);
    // 5 > 4: transaction 1, the oldest, goes with both its unspent outputs.
    expect(recent.size).toBe(3);
    const { unknown } = recent.resolve([0, 1].map((index) => ({ txHash: hash(1), index })));
    expect(unknown.map((ref) => ref.index)).toEqual([0, 1]);
    recent.clear();
    expect(recent.size).toBe(0);
  });
});
