import { Inject, Injectable } from '@nestjs/common';
import {
  blocksEpochNumberSlotSlotNumber,
  blocksHashOrNumber,
  blocksLatest,
  type BlockRow,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseHashOrNumberParam,
  parseIntegerPathParams,
  type Block,
} from '@frostline/model';
import { READ_DB } from '../common/tokens.js';
import { toBlock } from './blocks.mapper.js';

@Injectable()
export class BlocksService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  async latest(): Promise<Block> {
    return found(await blocksLatest(this.db));
  }

  /** A height (plain digits) or a block hash; epoch-boundary blocks have only a hash. */
  async byHashOrNumber(param: string): Promise<Block> {
    const block = parseHashOrNumberParam(param);
    if (block.kind === 'none') throw new BlockfrostError(404);
    return found(await blocksHashOrNumber(this.db, block));
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
}

function found(row: BlockRow | null): Block {
  if (!row) throw new BlockfrostError(404);
  return toBlock(row);
}
