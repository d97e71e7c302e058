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

  /** The spends whose outputs are not held here: the database has to be asked for those. */
  unknown(spends: OutputReference[]): OutputReference[] {
    return spends.filter((ref) => this.outputs.get(ref) === undefined);
  }

  /**
   * The outputs stored before a batch: those held here, then `fromDatabase` (the answers for
   * {@link unknown}). A view rather than a merged copy, whose building took as long as the
   * look-ups it saved; valid until the next {@link addCommitted} or {@link clear}.
   */
  storedBefore(fromDatabase: Pick<OutputMap<StoredOutput>, 'get'>): Pick<OutputMap<StoredOutput>, 'get'> {
    return { get: (ref) => this.outputs.get(ref) ?? fromDatabase.get(ref) };
  }

  /** After a batch committed: forget what it spent, remember what it created and left unspent. */
  addCommitted(rows: BatchRows, spent: OutputReference[]): void {
    for (const ref of spent) this.outputs.delete(ref);
    // rows.txOuts holds each transaction's outputs together, in the order of rows.txs (projectBatch): a walk
    // finds each output's transaction hash, where a map from id to hash cost as much as the rest of this.
    // An output it did not match would only be left out, to be asked of the database when spent.
    let next = 0;
    for (const tx of rows.txs) {
      for (; next < rows.txOuts.length && rows.txOuts[next]!.txId === tx.id; next++) {
        const output = rows.txOuts[next]!;
        if (output.spentInBatch) continue;
        this.outputs.set(
          { txHash: tx.hash, index: output.index },
          {
            id: output.id,
            addressId: output.addressId,
            value: output.value,
            stakeAddressId: output.stakeAddressId,
            lockedByScript: output.lockedByScript,
            paymentScriptHash: output.lockedByScript ? output.paymentCred : null,
          },
        );
      }
    }
    this.outputs.trimTo(this.capacity);
  }

  clear(): void {
    this.outputs.clear();
  }
}
