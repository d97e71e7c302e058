import { Inject, Injectable } from '@nestjs/common';
import {
  blockId,
  blocksEpochNumberSlotSlotNumber,
  blocksHashOrNumber,
  blocksHashOrNumberAddresses,
  blocksHashOrNumberNext,
  blocksHashOrNumberPrevious,
  blocksHashOrNumberTxs,
  blocksHashOrNumberTxsCbor,
  blocksLatest,
  blocksSlotSlotNumber,
  type BlockRow,
  type BlockSelector,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseHashOrNumberParam,
  parseIntegerPathParams,
  type Block,
  type BlockAddress,
  type BlockTxCbor,
} from '@frostline/model';
import { parsePage, parseUnorderedPage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { toBlock, toBlockAddress, toBlockTxCbor } from './blocks.mapper.js';

@Injectable()
export class BlocksService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

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
    const rows = await blocksHashOrNumberNext(this.db, { blockId: await this.idOf(param), ...page });
    return rows.map(toBlock);
  }

  async previous(param: string, query: PaginationQuery): Promise<Block[]> {
    const page = parseUnorderedPage(query);
    const rows = await blocksHashOrNumberPrevious(this.db, { blockId: await this.idOf(param), ...page });
    return rows.map(toBlock);
  }

  async txs(block: BlockParam, query: PaginationQuery): Promise<string[]> {
    const page = parsePage(query);
    const id = await this.idOfParam(block);
    return id === null ? [] : blocksHashOrNumberTxs(this.db, { blockId: id, ...page });
  }

  async txsCbor(block: BlockParam, query: PaginationQuery): Promise<BlockTxCbor[]> {
    const page = parsePage(query);
    const id = await this.idOfParam(block);
    if (id === null) return [];
    return (await blocksHashOrNumberTxsCbor(this.db, { blockId: id, ...page })).map(toBlockTxCbor);
  }

  async addresses(param: string, query: PaginationQuery): Promise<BlockAddress[]> {
    const page = parseUnorderedPage(query);
    const rows = await blocksHashOrNumberAddresses(this.db, { blockId: await this.idOf(param), ...page });
    return rows.map(toBlockAddress);
  }

  /** The id of the block a `{hash_or_number}` names; 400 if malformed, 404 if there is none. */
  private async idOf(param: string): Promise<string> {
    const id = await blockId(this.db, selectedBlock(param));
    if (id === null) throw new BlockfrostError(404);
    return id;
  }

  /** `latest` before the first block is null: its lists are `[]`, as RYO's SQL finds nothing then. */
  private idOfParam(block: BlockParam): Promise<string | null> {
    return block === 'latest' ? blockId(this.db, 'latest') : this.idOf(block.hashOrNumber);
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
  if (!row) throw new BlockfrostError(404);
  return toBlock(row);
}
