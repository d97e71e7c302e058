import { Inject, Injectable } from '@nestjs/common';
import { blocksEpochNumberSlotSlotNumber, type PrismaClient } from '@frostline/db';
import { BlockfrostError, parseIntegerPathParams, type Block } from '@frostline/model';
import { READ_DB } from '../common/tokens.js';
import { toBlock } from './blocks.mapper.js';

@Injectable()
export class BlocksService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** {slot_number} is the slot within the epoch (SEMANTICS 4.1). */
  async byEpochAndSlot(epochParam: string, slotParam: string): Promise<Block> {
    const { epoch_number, slot_number } = parseIntegerPathParams({
      epoch_number: epochParam,
      slot_number: slotParam,
    });
    const row = await blocksEpochNumberSlotSlotNumber(this.db, {
      epoch: epoch_number,
      epochSlot: slot_number,
    });
    if (!row) throw new BlockfrostError(404);
    return toBlock(row);
  }
}
