import type { Order, OutputIdList } from '@frostline/db';
import { LRUCache } from 'lru-cache';
import type { AtTip } from './tip-cache.js';

/** The ids of every unspent output of one selection, read at one chain tip. */
export interface IdList {
  /** The address (and asset) exist: false answers 404 whatever the page. */
  found: boolean;
  ids: OutputIdList;
}

/** Where a page starts and how long it is, as `parsePage` gives it. */
export interface PageBounds {
  offset: number;
  limit: number;
  order: Order;
}

/** How many times a page is tried from a fresh list before the caller's fallback runs (blocks kept coming). */
const ATTEMPTS = 3;

/**
 * Deep pages of a busy address taken from a list of all its unspent output ids instead of skipping index
 * entries: a random page of a 100,000-output address skips 50,000 entries on average (≈ 6 ms of PostgreSQL
 * CPU, so 500 such pages per second need ≈ 3 cores), where reading the list costs about twice that once per
 * chain tip and a page from it is a lookup of its own outputs by id.
 *
 * A list is kept for as long as its tip is the newest block, like the pages of `TipCache`: a page is read by
 * id together with the newest block of the read's own snapshot, and is used only when that block is still
 * the list's. Then the ids are the same outputs and exactly the unspent ones of the selection (every indexer
 * write, a batch or a rollback, commits with a new newest block), and the page shows the chain as it is at
 * that read, which started after the request arrived. Otherwise the list is read again (one read per key at a
 * time, shared by the requests waiting for it) and the page with it.
 */
export class UtxoIdLists {
  private readonly lists: LRUCache<string, AtTip<IdList>> | null;
  private readonly reading = new Map<string, Promise<AtTip<IdList>>>();

  /** @param maxIds total ids kept in memory (8 bytes each); 0 keeps none and `page` always falls back */
  constructor(maxIds: number) {
    this.lists =
      maxIds > 0
        ? new LRUCache({ maxSize: maxIds, sizeCalculation: (list) => Math.max(1, list.value.ids.length) })
        : null;
  }

  /**
   * One page of the selection `key`, with the tip it shows.
   * @param readList reads the selection's list and the newest block of its snapshot
   * @param readPage reads the page of the outputs with these ids and the newest block of its snapshot
   * @param fallback reads the page some other way, when the chain moved during every attempt
   */
  async page<Page>(
    key: string,
    bounds: PageBounds,
    readList: () => Promise<AtTip<IdList>>,
    readPage: (ids: string[]) => Promise<AtTip<Page>>,
    fallback: () => Promise<AtTip<Page>>,
  ): Promise<AtTip<Page>> {
    if (this.lists === null) return fallback();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const list = this.lists.get(key) ?? (await this.read(key, readList));
      // An unknown address or asset has nothing to page through, and its answer has no page read to check
      // the tip against: the fallback answers it from one snapshot.
      if (!list.value.found) break;
      const { offset, limit, order } = bounds;
      const page = await readPage(list.value.ids.page(offset, limit, order));
      if (page.tip === list.tip) return page;
      if (this.lists.get(key) === list) this.lists.delete(key);
    }
    return fallback();
  }

  private async read(key: string, readList: () => Promise<AtTip<IdList>>): Promise<AtTip<IdList>> {
    const running = this.reading.get(key);
    if (running) return running;
    const reading = readList();
    this.reading.set(key, reading);
    try {
      const list = await reading;
      if (list.value.found) this.lists?.set(key, list);
      return list;
    } finally {
      this.reading.delete(key);
    }
  }
}
