import { LRUCache } from 'lru-cache';

/** An answer and the chain tip (newest block hash) of the database snapshot it was read in. */
export interface AtTip<V> {
  tip: string | null;
  value: V;
}

/**
 * Answers reused for as long as the chain tip is the one they were read at. Everything a cached answer
 * shows derives from the chain up to its tip, and every indexer write (a batch of blocks, a rollback)
 * commits together with a new newest block, so an entry whose tip is still the current one is what the
 * query would return now. The tip is read again for every hit (one index probe, cheaper than the
 * page), so an answer is never older than the database at the time of the request, and an answer is
 * stored under the tip of its own snapshot rather than one read before its query.
 * Keys without an entry go straight to the query: no extra round trip for keys asked once. So do entries
 * of another tip than the last one seen (by a probe or a read): they cannot be current, and when blocks
 * keep coming most entries are of an older tip, which a probe would only confirm. Skipping the probe can
 * only miss a hit (a rollback back to the entry's tip), never serve an old answer.
 *
 * Requests for a key whose query is already running wait for that query instead of running their own
 * (when a block arrives, every request for a busy address's page misses at once), and take its answer
 * only if its tip is the tip they read on arrival: then it shows the chain as it was when they came.
 *
 * An entry of an older tip may be carried to the current one instead of read again (`carry`), when the
 * blocks since left it as it was: found cheaper than the answer itself, the carried entry is stored under
 * the tip of the snapshot that found it, like a read.
 */
export class TipCache<V> {
  private readonly entries: LRUCache<string, AtTip<V>> | null;
  private readonly reading = new Map<string, Promise<AtTip<V>>>();
  /** the tip of the latest probe or read; undefined before the first */
  private lastSeenTip: string | null | undefined;

  /**
   * @param maxSize total size of the entries (0: no cache), in the unit of `sizeOf`
   * @param sizeOf an entry's size, at least 1
   */
  constructor(
    maxSize: number,
    sizeOf: (value: V) => number,
    private readonly currentTip: () => Promise<string | null>,
  ) {
    this.entries =
      maxSize > 0 ? new LRUCache({ maxSize, sizeCalculation: (entry) => sizeOf(entry.value) }) : null;
  }

  /**
   * @param read reads the answer and the tip of its snapshot
   * @param carry the cached answer at the current tip without reading it again, or null when the blocks since
   *   its tip may have changed it (then `read` runs)
   */
  async get(
    key: string,
    read: () => Promise<AtTip<V>>,
    carry?: (stale: AtTip<V>) => Promise<AtTip<V> | null>,
  ): Promise<V> {
    if (this.entries === null) return (await read()).value;
    const cached = this.entries.get(key);
    const refresh = async (): Promise<AtTip<V>> => {
      const carried = cached !== undefined && carry !== undefined ? await carry(cached) : null;
      return carried ?? read();
    };
    const running = this.reading.get(key);
    const knownStale =
      cached === undefined || (this.lastSeenTip !== undefined && cached.tip !== this.lastSeenTip);
    if (knownStale && running === undefined) return (await this.readAndKeep(key, refresh)).value;
    const tip = await this.currentTip();
    this.lastSeenTip = tip;
    if (cached?.tip === tip) return cached.value;
    // Looked up again after the probe: a request that came just before this one may have started the read since.
    // Without one, the read starts before any await, so that the requests right behind this one find it.
    const sharing = this.reading.get(key);
    const shared = sharing && (await sharing.catch(() => undefined));
    if (shared !== undefined && shared.tip === tip) return shared.value;
    return (await this.readAndKeep(key, refresh)).value;
  }

  private async readAndKeep(key: string, read: () => Promise<AtTip<V>>): Promise<AtTip<V>> {
    const running = read();
    this.reading.set(key, running);
    try {
      const fresh = await running;
      this.lastSeenTip = fresh.tip;
      this.entries?.set(key, fresh);
      return fresh;
    } finally {
      if (this.reading.get(key) === running) this.reading.delete(key);
    }
  }
}
