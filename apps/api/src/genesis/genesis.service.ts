import { Inject, Injectable } from '@nestjs/common';
import { genesis, type PrismaClient } from '@frostline/db';
import { BlockfrostError, type Genesis } from '@frostline/model';
import { READ_DB } from '../common/tokens.js';

/** RYO's answer when it has no genesis to serve. */
const NO_GENESIS_MESSAGE = 'Internal Server Error';

@Injectable()
export class GenesisService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** The node's Shelley genesis as the indexer stored it; the row already has Blockfrost's fields. */
  async get(): Promise<Genesis> {
    const row = await genesis(this.db);
    // Only before the indexer's first connection to the node.
    if (!row) throw new BlockfrostError(500, NO_GENESIS_MESSAGE);
    return row;
  }
}
