import { Inject, Injectable } from '@nestjs/common';
import { epochsNumberParameters, type PrismaClient } from '@frostline/db';
import {
  BlockfrostError,
  epochParameters,
  parseIntegerPathParams,
  type EpochParameters,
  type OgmiosProtocolParameters,
} from '@frostline/model';
import { READ_DB } from '../common/tokens.js';

@Injectable()
export class EpochsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /**
   * The parameters the indexer stored for an epoch: it asks the node for them in every epoch it
   * sees live, so epochs the node had passed before the indexer first ran are unknown (404).
   */
  async parameters(numberParam: string | 'latest'): Promise<EpochParameters> {
    const epoch =
      numberParam === 'latest'
        ? 'latest'
        : parseIntegerPathParams({ number: numberParam }, { number: 'epoch_number' }).number;
    const row = await epochsNumberParameters(this.db, epoch);
    if (!row) throw new BlockfrostError(404);
    return epochParameters(row.epoch, row.params as unknown as OgmiosProtocolParameters, row.nonce);
  }
}
