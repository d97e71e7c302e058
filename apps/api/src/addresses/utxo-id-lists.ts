import type { KeptIdList, Order, OutputIdList } from '@frostline/db';
import { LRUCache } from 'lru-cache';
import type { AtTip } from './tip-cache.js';

/** The ids of every unspent output of one selection, read at one chain tip. */
export interface IdList {
  /** The address (and asset) exist: false answers 404 whatever the page. */
  found: boolean;
  ids: OutputIdList;
}

/** A list read after an earlier one of the same selection. */
export interface ListRead extends AtTip<IdList> {
  /** The earlier list's tip block is still in the chain: no rollback removed it. */
  continues: boolean;
}

/** Where a page starts and how long it is, as `parsePage` gives it. */
export interface PageBounds {
  offset: number;
  limit: number;
  order: Order;
}

/** A list, and the line of lists it continues (a new one after a rollback removed an earlier list's tip). */
interface Listed extends AtTip<IdList> {
  lineage: object;
}

/** A page's answer, with the ids it was read for and the line of lists they came from. */
interface StoredPage<Page> {
  lineage: object;
  ids: string;
  value: Page;
}

/** How many lists a page is tried from before the caller's fallback runs (blocks kept coming). */
const ATTEMPTS = 3;

/**
 * Deep pages of a busy address taken from a list of all its unspent output ids instead of skipping index
 * entries: a random page of a 100,000-output address skips 50,000 entries on average, work every such
 * request repeats, where the list costs a few such pages once, is then carried forward at each new block by
 * that block's changes to the selection (a few index probes), and a page from it is a lookup of its own
 * outputs by id (docs/data-model.md#busy-addresses).
 *
 * A list is used while its tip is the newest block, like the pages of `TipCache`. A page is read by id
 * together with the newest block of the read's own snapshot, and used only when that block is still the
 * list's: then the ids are the same outputs and exactly the unspent ones of the selection (every indexer
 * write, a batch or a rollback, commits with a new newest block), and the page shows the chain as it is at
 * that read, which started after the request arrived. Otherwise the list is brought to the newest block
 * (one read per selection at a time, shared by the requests waiting for it) and the page with it.
 *
 * Answered pages are kept, and stay good across new blocks that leave them as they were: an output's
 * answer never changes while the output exists, so a page asked again is the stored one when the current
 * list has the same ids at its positions and no rollback came in between (the new list's read finds the
 * earlier list's tip block still in the chain; a rollback's new branch may reuse the ids of other outputs).
 * A block that does not touch the address leaves all its pages; one that spends an output moves every later
 * page by one, and those are read again by id. A stored page is used after one tip probe confirms its list.
 */
export class UtxoIdLists<Page> {
  private readonly lists: LRUCache<string, Listed> | null;
  private readonly pages: LRUCache<string, StoredPage<Page>> | null;
  private readonly reading = new Map<string, Promise<Listed>>();

  /**
   * @param maxIds total ids kept in memory (8 bytes each); 0 keeps none, and `page` always falls back
   * @param maxPageSize total size of the pages kept, in the unit of `sizeOf`
   * @param sizeOf a page's size, at least 1
   */
  constructor(
    maxIds: number,
    maxPageSize: number,
    sizeOf: (page: Page) => number,
    private readonly currentTip: () => Promise<string | null>,
  ) {
    this.lists =
      maxIds > 0
        ? new LRUCache({ maxSize: maxIds, sizeCalculation: (list) => Math.max(1, list.value.ids.length) })
        : null;
    this.pages =
      maxPageSize > 0
        ? new LRUCache({ maxSize: maxPageSize, sizeCalculation: (page) => sizeOf(page.value) })
        : null;
  }

  /**
   * One page of the selection `key`, with the tip it shows.
   * @param readList reads the selection's list and the newest block of its snapshot; `since` is the list it
   *   follows (null for the first), which it may carry forward by the blocks after its tip, and whose tip it
   *   reports as still in the chain or not
   * @param readPage reads the page of the outputs with these ids and the newest block of its snapshot
   * @param fallback reads the page some other way: for an unknown address or asset, or when the chain moved
   *   during every attempt
   */
  async page(
    key: string,
    bounds: PageBounds,
    readList: (since: KeptIdList | null) => Promise<ListRead>,
    readPage: (ids: string[]) => Promise<AtTip<Page>>,
    fallback: () => Promise<AtTip<Page>>,
  ): Promise<AtTip<Page>> {
    if (this.lists === null) return fallback();
    const pageKey = JSON.stringify([key, bounds.offset, bounds.limit, bounds.order]);
    let list = this.lists.get(key) ?? (await this.read(key, null, readList));
    for (let attempt = 1; list.value.found; attempt++) {
      const ids = list.value.ids.page(bounds.offset, bounds.limit, bounds.order);
      const idsKey = ids.join();
      const stored = this.pages?.get(pageKey);
      if (stored !== undefined && stored.lineage === list.lineage && stored.ids === idsKey) {
        const tip = await this.currentTip();
        if (tip === list.tip) return { tip, value: stored.value };
      } else {
        const page = await readPage(ids);
        if (page.tip === list.tip) {
          this.pages?.set(pageKey, { lineage: list.lineage, ids: idsKey, value: page.value });
          return page;
        }
      }
      if (attempt === ATTEMPTS) break;
      list = await this.read(key, list, readList);
    }
    return fallback();
  }

  private async read(
    key: string,
    previous: Listed | null,
    readList: (since: KeptIdList | null) => Promise<ListRead>,
  ): Promise<Listed> {
    const running = this.reading.get(key);
    if (running) return running;
    const since = previous && { tip: previous.tip, ids: previous.value.ids };
    const reading = readList(since).then(({ continues, ...list }): Listed => ({
      ...list,
      lineage: previous !== null && continues ? previous.lineage : {},
    }));
    this.reading.set(key, reading);
    try {
      const list = await reading;
      // An unknown address or asset is asked about again each time: a new block can make it known.
      if (list.value.found) this.lists?.set(key, list);
      return list;
    } finally {
      this.reading.delete(key);
    }
  }
}
