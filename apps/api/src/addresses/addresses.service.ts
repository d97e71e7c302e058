import { Inject, Injectable } from '@nestjs/common';
import { addressesAddressUtxos, addressesAddressUtxosAsset, type PrismaClient } from '@frostline/db';
import { BlockfrostError, parseAddressParam, parseAssetParam, type AddressUtxo } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { canNameAnAsset } from '../common/asset-lookup.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toAddressUtxo } from './addresses.mapper.js';

/** The asset value selecting outputs that carry no native asset at all. */
const LOVELACE = 'lovelace';

@Injectable()
export class AddressesService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Check order as RYO: pagination, address; then 404 for an address no output ever had. */
  async utxos(addressParam: string, query: PaginationQuery): Promise<AddressUtxo[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const result = await addressesAddressUtxos(this.db, { address, ...page });
    if (!result.addressSeen) throw new BlockfrostError(404);
    return result.utxos.map(toAddressUtxo);
  }

  /** Check order as RYO: pagination, address, asset; then 404 for an unseen address or asset. */
  async utxosOfAsset(
    addressParam: string,
    assetParam: string,
    query: PaginationQuery,
  ): Promise<AddressUtxo[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const asset = assetParam === LOVELACE ? LOVELACE : parseAssetParam(assetParam);
    if (asset !== LOVELACE && !canNameAnAsset(asset.unit)) throw new BlockfrostError(404);
    const result = await addressesAddressUtxosAsset(this.db, { address, asset, ...page });
    if (!result.addressSeen || !result.assetSeen) throw new BlockfrostError(404);
    return result.utxos.map(toAddressUtxo);
  }
}
