import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { Block, BlockTxCbor } from '@frostline/model';
import { JSON_CONTENT_TYPE } from '../common/media-types.js';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { BlocksService } from './blocks.service.js';

// The fixed paths (latest…, slot/…, epoch/…) come before those with a {hash_or_number}.
@Controller(servedAt('blocks'))
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get('latest')
  latest(): Promise<Block> {
    return this.blocks.latest();
  }

  @Get('latest/txs')
  latestTxs(@Query() query: PaginationQuery): Promise<string[]> {
    return this.blocks.txs('latest', query);
  }

  @Get('latest/txs/cbor')
  latestTxsCbor(@Query() query: PaginationQuery): Promise<BlockTxCbor[]> {
    return this.blocks.txsCbor('latest', query);
  }

  @Get('slot/:slot_number')
  bySlot(@Param('slot_number') slot: string): Promise<Block> {
    return this.blocks.bySlot(slot);
  }

  @Get('epoch/:epoch_number/slot/:slot_number')
  byEpochAndSlot(@Param('epoch_number') epoch: string, @Param('slot_number') slot: string): Promise<Block> {
    return this.blocks.byEpochAndSlot(epoch, slot);
  }

  @Get(':hash_or_number')
  byHashOrNumber(@Param('hash_or_number') hashOrNumber: string): Promise<Block> {
    return this.blocks.byHashOrNumber(hashOrNumber);
  }

  @Get(':hash_or_number/next')
  next(@Param('hash_or_number') hashOrNumber: string, @Query() query: PaginationQuery): Promise<Block[]> {
    return this.blocks.next(hashOrNumber, query);
  }

  @Get(':hash_or_number/previous')
  previous(@Param('hash_or_number') hashOrNumber: string, @Query() query: PaginationQuery): Promise<Block[]> {
    return this.blocks.previous(hashOrNumber, query);
  }

  @Get(':hash_or_number/txs')
  txs(@Param('hash_or_number') hashOrNumber: string, @Query() query: PaginationQuery): Promise<string[]> {
    return this.blocks.txs({ hashOrNumber }, query);
  }

  @Get(':hash_or_number/txs/cbor')
  txsCbor(
    @Param('hash_or_number') hashOrNumber: string,
    @Query() query: PaginationQuery,
  ): Promise<BlockTxCbor[]> {
    return this.blocks.txsCbor({ hashOrNumber }, query);
  }

  @Get(':hash_or_number/addresses')
  @Header('content-type', JSON_CONTENT_TYPE)
  addresses(@Param('hash_or_number') hashOrNumber: string, @Query() query: PaginationQuery): Promise<string> {
    return this.blocks.addresses(hashOrNumber, query);
  }
}
