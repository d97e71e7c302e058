/** The undo steps of a run of changes, newest last; `undo` reverts them newest first. */
export class UndoLog {
  private readonly steps: (() => void)[] = [];

  push(step: () => void): void {
    this.steps.push(step);
  }

  undo(): void {
    for (let index = this.steps.length - 1; index >= 0; index -= 1) this.steps[index]();
    this.steps.length = 0;
  }
}

/** Where a ledger's maps write their undo steps while a run of changes is recorded. */
export class Journal {
  log: UndoLog | undefined;

  /** Runs `change`, returning the log that undoes it: `into`, or a new one. */
  record(change: () => void, into = new UndoLog()): UndoLog {
    const outer = this.log;
    const log = into;
    this.log = log;
    try {
      change();
    } finally {
      this.log = outer;
    }
    return log;
  }
}

/** A map whose changes can be undone through the journal it writes to. */
export class JournaledMap<K, V> {
  private readonly map: Map<K, V>;

  constructor(
    private readonly journal: Journal,
    entries: Iterable<readonly [K, V]> = [],
  ) {
    this.map = new Map(entries);
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  set(key: K, value: V): void {
    this.remember(key);
    this.map.set(key, value);
  }

  delete(key: K): void {
    if (!this.map.has(key)) return;
    this.remember(key);
    this.map.delete(key);
  }

  /** An independent copy writing to `journal` (values are replaced, never mutated: a shallow copy). */
  copy(journal: Journal): JournaledMap<K, V> {
    return new JournaledMap(journal, this.map);
  }

  private remember(key: K): void {
    const { log } = this.journal;
    if (log === undefined) return;
    const had = this.map.has(key);
    const previous = this.map.get(key);
    log.push(() => (had ? this.map.set(key, previous as V) : this.map.delete(key)));
  }
}
