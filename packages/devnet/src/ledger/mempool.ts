import { EventEmitter } from 'node:events';
import { referenceKey, transactionEffects, type OutputReference, type Utxo } from './outputs.js';
import type { AcceptedTransaction } from './validate.js';

/**
 * Accepted transactions waiting for a block, in arrival order, and the UTxO changes they make: a later
 * transaction may spend an output of an earlier one (chaining) but not an output another one spends.
 * Emits `change` when transactions enter or leave it; `version` counts those changes.
 */
export class Mempool extends EventEmitter<{ change: [] }> {
  version = 0;
  private readonly transactions = new Map<string, AcceptedTransaction>();
  private readonly spent = new Set<string>();
  private readonly created = new Map<string, Utxo>();

  get size(): { transactions: number; bytes: number } {
    let bytes = 0;
    this.transactions.forEach(({ cbor }) => (bytes += cbor.length));
    return { transactions: this.transactions.size, bytes };
  }

  has(id: string): boolean {
    return this.transactions.has(id);
  }

  list(): AcceptedTransaction[] {
    return [...this.transactions.values()];
  }

  add(transaction: AcceptedTransaction): void {
    this.transactions.set(transaction.id, transaction);
    this.record(transaction);
    this.changed();
  }

  /**
   * The ledger output at `reference` as the mempool sees it: spent by a waiting transaction (undefined),
   * created by one, or `onChain` unchanged.
   */
  utxo(
    reference: OutputReference,
    onChain: (reference: OutputReference) => Utxo | undefined,
  ): Utxo | undefined {
    const key = referenceKey(reference);
    if (this.spent.has(key)) return undefined;
    return this.created.get(key) ?? onChain(reference);
  }

  /** The first transactions in arrival order whose CBOR fits in `maxBytes`. */
  take(maxBytes: number): AcceptedTransaction[] {
    const taken: AcceptedTransaction[] = [];
    let bytes = 0;
    for (const transaction of this.transactions.values()) {
      if (bytes + transaction.cbor.length > maxBytes) break;
      bytes += transaction.cbor.length;
      taken.push(transaction);
    }
    return taken;
  }

  /** Transactions that made it into a block, or that it made invalid, leave the mempool. */
  remove(ids: string[]): void {
    if (ids.length === 0) return;
    ids.forEach((id) => this.transactions.delete(id));
    this.spent.clear();
    this.created.clear();
    this.transactions.forEach((transaction) => this.record(transaction));
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    this.emit('change');
  }

  private record(transaction: AcceptedTransaction): void {
    const { consumed, produced } = transactionEffects(transaction.json);
    consumed.forEach((reference) => this.spent.add(referenceKey(reference)));
    produced.forEach((utxo) => this.created.set(referenceKey(utxo), utxo));
  }
}
