import type { OutputReference } from '@frostline/model';
import { outputKey, type StoredOutput } from '../project/keys.js';
import type { BatchRows } from '../project/rows.js';

/**
 * The unspent outputs of the most recently committed batches, so that spending them needs no
 * database lookup: most outputs are spent soon after they are created, and the lookup by
 * (transaction hash, index) is the largest query of a catch-up batch. Holds only committed
 * outputs (callers add a batch after its transaction commits) and is cleared on rollback.
 * Bounded: the oldest entries go first (a Map iterates in insertion order).
 */
export class RecentOutputs {
  private readonly outputs = new Map<string, StoredOutput>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.outputs.size;
  }

  /** Splits a batch's spends into the outputs known here and the references to look up. */
  resolve(spends: OutputReference[]): { known: Map<string, StoredOutput>; unknown: OutputReference[] } {
    const known = new Map<string, StoredOutput>();
    const unknown: OutputReference[] = [];
    for (const ref of spends) {
      const key = outputKey(ref.txHash, ref.index);
      const output = this.outputs.get(key);
      if (output) known.set(key, output);
      else unknown.push(ref);
    }
    return { known, unknown };
  }

  /** After a batch committed: forget what it spent, remember what it created and left unspent. */
  addCommitted(rows: BatchRows, spent: OutputReference[]): void {
    for (const ref of spent) this.outputs.delete(outputKey(ref.txHash, ref.index));
    const txHashes = new Map(rows.txs.map((tx) => [tx.id, tx.hash]));
    for (const output of rows.txOuts) {
      if (output.spentByTxId !== null) continue;
      this.outputs.set(outputKey(txHashes.get(output.txId)!, output.index), {
        id: output.id,
        value: output.value,
        stakeAddressId: output.stakeAddressId,
      });
    }
    for (const key of this.outputs.keys()) {
      if (this.outputs.size <= this.capacity) break;
      this.outputs.delete(key);
    }
  }

  clear(): void {
    this.outputs.clear();
  }
}
