import type { Chain, Position } from '../chain/chain.js';
import { parseJsonFast } from '../chain/json.js';

export interface OutputReference {
  transaction: { id: string };
  index: number;
}

/** An unspent output as an Ogmios v6 `Utxo` item: the reference plus the output's JSON fields. */
export type Utxo = OutputReference & Record<string, unknown>;

/** What applying one block changed, to undo it on a rollback. */
interface BlockChanges {
  spent: Utxo[];
  created: string[];
}

export interface OgmiosTransaction {
  id: string;
  spends?: 'inputs' | 'collaterals';
  inputs?: OutputReference[];
  collaterals?: OutputReference[];
  outputs?: object[];
  collateralReturn?: object;
}

/**
 * The unspent outputs of the served chain (plus genesis funds), for evaluateTransaction to resolve
 * inputs from. It reads blocks only when asked for an output, catching up from the last block it
 * applied, so a devnet that never evaluates never parses its blocks a second time. Rollbacks are
 * undone from per-block change logs kept for the last `undoDepth` blocks (the deepest rollback a node
 * can see is k); a deeper one rebuilds the set from genesis on the next lookup.
 */
export class UtxoIndex {
  private readonly unspent = new Map<string, Utxo>();
  /** Changes of the last applied blocks, oldest first; the last one is the block at `applied - 1`. */
  private readonly changes: BlockChanges[] = [];
  /** Chain positions [0, applied) are reflected in `unspent`. */
  private applied = 0;

  constructor(
    private readonly chain: Chain,
    private readonly genesis: readonly Utxo[],
    private readonly undoDepth: number,
  ) {
    this.reset();
    chain.on('rollback', (position) => this.rolledBack(position));
  }

  /** The unspent output at `reference` on the current chain, if any. */
  get(reference: OutputReference): Utxo | undefined {
    this.catchUp();
    return this.unspent.get(referenceKey(reference));
  }

  /** Every unspent output on the current chain (a query by address scans them). */
  all(): IterableIterator<Utxo> {
    this.catchUp();
    return this.unspent.values();
  }

  private catchUp(): void {
    while (this.applied < this.chain.length) {
      const block = parseJsonFast(this.chain.blockBytes(this.chain.at(this.applied)).toString()) as {
        transactions?: OgmiosTransaction[];
      };
      this.changes.push(this.apply(block.transactions ?? []));
      if (this.changes.length > this.undoDepth) this.changes.shift();
      this.applied += 1;
    }
  }

  /** Transactions spend in block order: a later one may spend an output of an earlier one. */
  private apply(transactions: OgmiosTransaction[]): BlockChanges {
    const changes: BlockChanges = { spent: [], created: [] };
    for (const transaction of transactions) {
      const { consumed, produced } = transactionEffects(transaction);
      for (const reference of consumed) {
        const key = referenceKey(reference);
        const utxo = this.unspent.get(key);
        // A chain file may start mid-chain: outputs created before its first block are unknown.
        if (utxo === undefined) continue;
        this.unspent.delete(key);
        changes.spent.push(utxo);
      }
      for (const utxo of produced) {
        const key = referenceKey(utxo);
        this.unspent.set(key, utxo);
        changes.created.push(key);
      }
    }
    return changes;
  }

  /** Blocks after `position` left the chain. */
  private rolledBack(position: Position): void {
    const kept = position + 1;
    if (kept >= this.applied) return;
    if (this.applied - kept > this.changes.length) {
      this.reset();
      return;
    }
    while (this.applied > kept) {
      const { spent, created } = this.changes.pop()!;
      // Re-add before deleting: an output created and spent within the block must end up absent.
      spent.forEach((utxo) => this.unspent.set(referenceKey(utxo), utxo));
      created.forEach((key) => this.unspent.delete(key));
      this.applied -= 1;
    }
  }

  private reset(): void {
    this.unspent.clear();
    this.changes.length = 0;
    this.applied = 0;
    this.genesis.forEach((utxo) => this.unspent.set(referenceKey(utxo), utxo));
  }
}

/**
 * The outputs a transaction consumes and creates. A phase-2-invalid transaction consumes its collaterals
 * and creates only the collateral return, whose index follows the outputs (Babbage ledger rule).
 */
export function transactionEffects(transaction: OgmiosTransaction): {
  consumed: OutputReference[];
  produced: Utxo[];
} {
  const valid = transaction.spends !== 'collaterals';
  const outputs = transaction.outputs ?? [];
  const produced = valid
    ? outputs.map((output, index) => ({ index, output }))
    : transaction.collateralReturn === undefined
      ? []
      : [{ index: outputs.length, output: transaction.collateralReturn }];
  return {
    consumed: (valid ? transaction.inputs : transaction.collaterals) ?? [],
    produced: produced.map(({ index, output }) => ({
      transaction: { id: transaction.id },
      index,
      ...output,
    })),
  };
}

export function referenceKey({ transaction, index }: OutputReference): string {
  return `${transaction.id}#${index}`;
}
