import { LRUCache } from 'lru-cache';

/**
 * The answers of /blocks/{hash_or_number}/addresses kept per block: every page of a block has to read and
 * order all the addresses the block touched (hundreds in a full block), and that list never changes while
 * the block is in the chain, so it is read once and each page is a slice of it. Keyed by the block's hash,
 * which names its content, not by its id, which a rollback's new branch may give to another block. The first
 * requests for a block share one read. Each address's answer is kept as its JSON text: one string to the
 * garbage collector instead of an object per transaction.
 */
export class BlockAddressLists {
  private readonly lists: LRUCache<string, string[]> | null;

  /**
   * @param maxAddresses addresses kept in all (0: none, every page reads the list)
   * @param read the block's addresses' answers in page order, null when no block has the hash
   */
  constructor(
    maxAddresses: number,
    private readonly read: (blockHash: string) => Promise<string[] | null>,
  ) {
    this.lists =
      maxAddresses > 0
        ? new LRUCache<string, string[]>({
            maxSize: maxAddresses,
            sizeCalculation: (list) => list.length + 1,
            // undefined is not kept: a block rolled back before its read is read again if it comes back
            fetchMethod: async (blockHash) => (await read(blockHash)) ?? undefined,
          })
        : null;
  }

  /** The JSON text of one page of the block's addresses, or null when no block has the hash. */
  async page(
    blockHash: string,
    { limit, offset }: { limit: number; offset: number },
  ): Promise<string | null> {
    const list = this.lists === null ? await this.read(blockHash) : await this.lists.fetch(blockHash);
    return list ? `[${list.slice(offset, offset + limit).join(',')}]` : null;
  }
}
