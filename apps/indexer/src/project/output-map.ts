import type { OutputReference } from '@frostline/model';

interface TransactionOutputs<T> {
  /** by output index; undefined where there is none */
  values: (T | undefined)[];
  live: number;
}

/**
 * Values by output reference, kept per transaction hash instead of under one `hash#index` string:
 * building, flattening and hashing such a string for every look-up was a visible share of the
 * indexer's CPU and garbage, while a transaction hash string is hashed once (V8 keeps a string's
 * hash) and its outputs are found by index. Iterates transactions in insertion order.
 */
export class OutputMap<T> {
  private readonly byTransaction = new Map<string, TransactionOutputs<T>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get({ txHash, index }: OutputReference): T | undefined {
    return this.byTransaction.get(txHash)?.values[index];
  }

  set({ txHash, index }: OutputReference, value: T): void {
    let outputs = this.byTransaction.get(txHash);
    if (!outputs) this.byTransaction.set(txHash, (outputs = { values: [], live: 0 }));
    if (outputs.values[index] === undefined) {
      outputs.live++;
      this.count++;
    }
    outputs.values[index] = value;
  }

  delete({ txHash, index }: OutputReference): void {
    const outputs = this.byTransaction.get(txHash);
    if (outputs?.values[index] === undefined) return;
    outputs.values[index] = undefined;
    this.count--;
    if (--outputs.live === 0) this.byTransaction.delete(txHash);
  }

  /** Drops whole transactions, oldest first, until at most `capacity` values remain. */
  trimTo(capacity: number): void {
    for (const [txHash, outputs] of this.byTransaction) {
      if (this.count <= capacity) break;
      this.count -= outputs.live;
      this.byTransaction.delete(txHash);
    }
  }

  clear(): void {
    this.byTransaction.clear();
    this.count = 0;
  }
}
