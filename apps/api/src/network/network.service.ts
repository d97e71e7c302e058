import { Inject, Injectable } from '@nestjs/common';
import { network, networkEras, type PrismaClient } from '@frostline/db';
import { BlockfrostError, type NetworkEra, type NetworkSupplyAndStake } from '@frostline/model';
import { READ_DB } from '../common/tokens.js';
import { toNetworkEras } from './network.mapper.js';

@Injectable()
export class NetworkService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  async supplyAndStake(): Promise<NetworkSupplyAndStake> {
    const row = await network(this.db);
    // No genesis yet: the indexer has not reached the node.
    if (!row) throw new BlockfrostError(500);
    const { max, total, circulating, locked, treasury, reserves, live, active } = row;
    return { supply: { max, total, circulating, locked, treasury, reserves }, stake: { live, active } };
  }

  async eras(): Promise<NetworkEra[]> {
    const rows = await networkEras(this.db);
    // No era history yet: the indexer has not reached the node.
    if (rows.length === 0) throw new BlockfrostError(500);
    return toNetworkEras(rows);
  }
}
