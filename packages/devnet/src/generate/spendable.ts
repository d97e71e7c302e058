/**
 * Which of the ledger's unspent outputs (src/ledger) the generator's wallets hold, and which builder
 * spends each: a generator concern, like which wallet pays next. Whether an output is unspent is the
 * ledger's to say (it refuses a double spend); these lists follow the transactions applied to it.
 * Outputs are immutable records, so a fork snapshot is a shallow copy of the per-pool lists.
 */

/** Which builders may spend an output. */
export type UtxoPool =
  /** A wallet's ADA-only output: payments, fees, deposits. */
  | 'ada'
  /** A wallet's output carrying assets, a datum or a reference script. */
  | 'tokens'
  /** Holds a CIP-68 reference NFT; spent only to update its datum. */
  | 'cip68'
  /** An oracle wallet's output, spent only by that oracle's posts. */
  | 'oracle'
  /** Locked by an always-failing Plutus script; only phase-2-invalid transactions try to spend it. */
  | 'locked'
  | 'faucet'
  /** At a Byron address: spent by Byron transactions, then swept into Shelley wallets after the hard fork. */
  | 'byron';

export interface Utxo {
  txId: string;
  index: number;
  /** Position of the creating transaction in the chain: outputs sort by (txOrdinal, index) like db-sync's tx_out.id. */
  txOrdinal: number;
  /** The address as text: bech32, or base58 for Byron addresses. */
  address: string;
  /** Name of the wallet whose keys (and native script) spend it. */
  owner: string;
  lovelace: bigint;
  /** unit (policy hex + asset name hex) → quantity. */
  assets: Readonly<Record<string, bigint>>;
  datumHash?: string;
  /** Inline datum CBOR hex. */
  inlineDatum?: string;
  referenceScriptHash?: string;
  /** Bytes of the reference script (what Conway's reference-script fee counts). */
  referenceScriptSize?: number;
  /** Stake address whose controlled amount includes this output (base; pointer only before Conway). */
  stakeAddress?: string;
  pool: UtxoPool;
}

export function utxoRef(utxo: Pick<Utxo, 'txId' | 'index'>): string {
  return `${utxo.txId}#${utxo.index}`;
}

class IndexedList {
  constructor(
    readonly items: Utxo[] = [],
    readonly positions = new Map<string, number>(),
  ) {}

  add(utxo: Utxo): void {
    this.positions.set(utxoRef(utxo), this.items.length);
    this.items.push(utxo);
  }

  /** Swap-remove: O(1), and deterministic because every operation is. */
  remove(ref: string): void {
    const position = this.positions.get(ref);
    if (position === undefined) return;
    const last = this.items.pop()!;
    this.positions.delete(ref);
    if (position < this.items.length) {
      this.items[position] = last;
      this.positions.set(utxoRef(last), position);
    }
  }

  copy(): IndexedList {
    return new IndexedList([...this.items], new Map(this.positions));
  }
}

export class UtxoSet {
  private readonly pools: Map<UtxoPool, IndexedList>;

  constructor(pools?: Map<UtxoPool, IndexedList>) {
    this.pools = pools ?? new Map();
  }

  add(utxo: Utxo): void {
    this.list(utxo.pool).add(utxo);
  }

  /** Removes a spent output (the ledger has checked that it was unspent). */
  spend(utxo: Utxo): void {
    this.list(utxo.pool).remove(utxoRef(utxo));
  }

  has(utxo: Utxo): boolean {
    return this.list(utxo.pool).positions.has(utxoRef(utxo));
  }

  size(pool: UtxoPool): number {
    return this.list(pool).items.length;
  }

  /** The outputs of a pool, in set order (do not modify). */
  items(pool: UtxoPool): readonly Utxo[] {
    return this.list(pool).items;
  }

  all(): Utxo[] {
    return [...this.pools.values()].flatMap((list) => list.items);
  }

  copy(): UtxoSet {
    return new UtxoSet(new Map([...this.pools].map(([pool, list]) => [pool, list.copy()])));
  }

  private list(pool: UtxoPool): IndexedList {
    let list = this.pools.get(pool);
    if (list === undefined) {
      list = new IndexedList();
      this.pools.set(pool, list);
    }
    return list;
  }
}
