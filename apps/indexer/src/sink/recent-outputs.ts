import type { OutputReference } from '@frostline/model';
import type { StoredOutput } from '../project/keys.js';
import { OutputMap } from '../project/output-map.js';
import type { BatchRows } from '../project/rows.js';

/**
 * The unspent outputs of the most recently committed batches, so that spending them needs no
 * database lookup: most outputs are spent soon after they are created, and the lookup by
 * (transaction hash, index) is the largest query of a catch-up batch. Holds only committed
 * outputs (callers add a batch after its transaction commits) and is cleared on rollback.
 * Bounded: the oldest transactions' outputs go first.
 */
export class RecentOutputs {
  private readonly outputs = new OutputMap<StoredOutput>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.outputs.size;
  }

  /** Splits a batch's spends into the outputs known here and the references to look up. */
  resolve(spends: OutputReference[]): { known: OutputMap<StoredOutput>; unknown: OutputReference[] } {
    const known = new OutputMap<StoredOutput>();
    const unknown: OutputReference[] = [];
    for (const ref of spends) {
      const output = this.outputs.get(ref);
      if (output) known.set(ref, output);
      else unknown.push(ref);
    }
    return { known, unknown };
  }

  /** After a batch committed: forget what it spent, remember what it created and left unspent. */
  addCommitted(rows: BatchRows, spent: OutputReference[]): void {
    for (const ref of spent) this.outputs.delete(ref);
    const txHashes = new Map(rows.txs.map((tx) => [tx.id, tx.hash]));
    for (const output of rows.txOuts) {
      if (output.spentInBatch) continue;
      this.outputs.set(
        { txHash: txHashes.get(output.txId)!, index: output.index },
        {
          id: output.id,
          value: output.value,
          stakeAddressId: output.stakeAddressId,
          lockedByScript: output.lockedByScript,
        },
      );
    }
    this.outputs.trimTo(this.capacity);
  }

  clear(): void {
    this.outputs.clear();
  }
}
