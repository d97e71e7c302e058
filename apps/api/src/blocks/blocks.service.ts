import { Inject, Injectable } from '@nestjs/common';
import {
  blocksEpochNumberSlotSlotNumber,
  blocksHashOrNumber,
  blocksHashOrNumberAddresses,
  blocksHashOrNumberNext,
  blocksHashOrNumberPrevious,
  blocksHashOrNumberTxs,
  blocksHashOrNumberTxsCbor,
  blocksLatest,
  blocksSlotSlotNumber,
  findBlock,
  type BlockKey,
  type BlockRow,
  type BlockSelector,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseHashOrNumberParam,
  parseIntegerPathParams,
  type Block,
  type BlockTxCbor,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, parseUnorderedPage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { BlockAddressLists } from './block-address-lists.js';
import { toBlock, toBlockAddress, toBlockTxCbor } from './blocks.mapper.js';

@Injectable()
export class BlocksService {
  private readonly addressLists: BlockAddressLists;

  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.addressLists = new BlockAddressLists(config.blockAddressCacheAddresses, async (blockHash) => {
      const rows = await blocksHashOrNumberAddresses(db, blockHash);
      return rows && rows.map((row) => JSON.stringify(toBlockAddress(row)));
    });
  }

  async latest(): Promise<Block> {
    return found(await blocksLatest(this.db));
  }

  /** A height (plain digits) or a block hash; epoch-boundary blocks have only a hash. */
  async byHashOrNumber(param: string): Promise<Block> {
    return found(await blocksHashOrNumber(this.db, selectedBlock(param)));
  }

  /** {slot_number} is the slot within the epoch (docs/semantics.md#blocks-by-epoch-and-slot). */
  async byEpochAndSlot(epochParam: string, slotParam: string): Promise<Block> {
    const { epoch_number, slot_number } = parseIntegerPathParams({
      epoch_number: epochParam,
      slot_number: slotParam,
    });
    const row = await blocksEpochNumberSlotSlotNumber(this.db, {
      epoch: epoch_number,
      epochSlot: slot_number,
    });
    return found(row);
  }

  /** {slot_number} is the absolute slot. */
  async bySlot(slotParam: string): Promise<Block> {
    const { slot_number } = parseIntegerPathParams({ slot_number: slotParam });
    return found(await blocksSlotSlotNumber(this.db, slot_number));
  }

  // Each list validates its query string before the path parameter, as Blockfrost's Fastify schema
  // check runs before RYO's handler does.

  async next(param: string, query: PaginationQuery): Promise<Block[]> {
    const page = parseUnorderedPage(query);
    const { id } = await this.blockOf(param);
    const rows = await blocksHashOrNumberNext(this.db, { blockId: id, ...page });
    return rows.map(toBlock);
  }

  async previous(param: string, query: PaginationQuery): Promise<Block[]> {
    const page = parseUnorderedPage(query);
    const { id } = await this.blockOf(param);
    const rows = await blocksHashOrNumberPrevious(this.db, { blockId: id, ...page });
    return rows.map(toBlock);
  }

  async txs(block: BlockParam, query: PaginationQuery): Promise<string[]> {
    const page = parsePage(query);
    const key = await this.blockOfParam(block);
    return key === null ? [] : blocksHashOrNumberTxs(this.db, { blockId: key.id, ...page });
  }

  async txsCbor(block: BlockParam, query: PaginationQuery): Promise<BlockTxCbor[]> {
    const page = parsePage(query);
    const key = await this.blockOfParam(block);
    if (key === null) return [];
    return (await blocksHashOrNumberTxsCbor(this.db, { blockId: key.id, ...page })).map(toBlockTxCbor);
  }

  /** The JSON text of a page of `BlockAddress`es; 404 also when a rollback removed the block meanwhile. */
  async addresses(param: string, query: PaginationQuery): Promise<string> {
    const page = parseUnorderedPage(query);
    const { hash } = await this.blockOf(param);
    return (await this.addressLists.page(hash, page)) ?? notFound();
  }

  /** The block a `{hash_or_number}` names; 400 if malformed, 404 if there is none. */
  private async blockOf(param: string): Promise<BlockKey> {
    return (await findBlock(this.db, selectedBlock(param))) ?? notFound();
  }

  /** `latest` before the first block is null: its lists are `[]`, as RYO's SQL finds nothing then. */
  private blockOfParam(block: BlockParam): Promise<BlockKey | null> {
    return block === 'latest' ? findBlock(this.db, 'latest') : this.blockOf(block.hashOrNumber);
  }
}

/** The block of a `/blocks/latest/…` or `/blocks/{hash_or_number}/…` path. */
export type BlockParam = 'latest' | { hashOrNumber: string };

/** Throws Blockfrost's 400 for a malformed `{hash_or_number}` and a 404 for one no block can have. */
function selectedBlock(param: string): Exclude<BlockSelector, 'latest'> {
  const block = parseHashOrNumberParam(param);
  if (block.kind === 'none') throw new BlockfrostError(404);
  return block;
}

function found(row: BlockRow | null): Block {
  return toBlock(row ?? notFound());
}

function notFound(): never {
  throw new BlockfrostError(404);
}
