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
  /**
   * Each epoch's answer as last mapped and serialised, with the version of the row it came from.
   * Parsing the stored row, mapping every cost-model value to Blockfrost's names and serialising the
   * large result took more CPU than the rest of the request; the row only changes when the indexer
   * rewrites it. At most one entry per stored epoch.
   */
  private readonly answers = new Map<number, { version: string; json: string }>();

  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /**
   * The parameters the indexer stored for an epoch, as the JSON text of {@link EpochParameters}: it
   * asks the node for them in every epoch it sees live, so epochs the node had passed before the
   * indexer first ran are unknown (404).
   */
  async parametersJson(numberParam: string | 'latest'): Promise<string> {
    const epoch =
      numberParam === 'latest'
        ? 'latest'
        : parseIntegerPathParams({ number: numberParam }, { number: 'epoch_number' }).number;
    const row = await epochsNumberParameters(this.db, epoch);
    if (!row) throw new BlockfrostError(404);
    const kept = this.answers.get(row.epoch);
    if (kept?.version === row.version) return kept.json;
    const parameters: EpochParameters = epochParameters(
      row.epoch,
      JSON.parse(row.params) as OgmiosProtocolParameters,
      row.nonce,
    );
    const json = JSON.stringify(parameters);
    this.answers.set(row.epoch, { version: row.version, json });
    return json;
  }
}
