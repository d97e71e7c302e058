import { Controller, Get, Param } from '@nestjs/common';
import type { Block } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { BlocksService } from './blocks.service.js';

@Controller(servedAt('blocks'))
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get('latest')
  latest(): Promise<Block> {
    return this.blocks.latest();
  }

  @Get(':hash_or_number')
  byHashOrNumber(@Param('hash_or_number') hashOrNumber: string): Promise<Block> {
    return this.blocks.byHashOrNumber(hashOrNumber);
  }

  @Get('epoch/:epoch_number/slot/:slot_number')
  byEpochAndSlot(@Param('epoch_number') epoch: string, @Param('slot_number') slot: string): Promise<Block> {
    return this.blocks.byEpochAndSlot(epoch, slot);
  }
}
