import { Inject, Injectable } from '@nestjs/common';
import {
  addressesAddressUtxos,
  addressesAddressUtxosAsset,
  chainTip,
  type PrismaClient,
} from '@frostline/db';
import { BlockfrostError, parseAddressParam, parseAssetParam, type AddressUtxo } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { canNameAnAsset } from '../common/asset-lookup.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toAddressUtxo } from './addresses.mapper.js';
import { TipCache } from './tip-cache.js';

/** The asset value selecting outputs that carry no native asset at all. */
const LOVELACE = 'lovelace';

/** A page of unspent outputs, or `found: false` for an address or asset never seen (404). */
interface UtxoPage {
  found: boolean;
  utxos: AddressUtxo[];
}

@Injectable()
export class AddressesService {
  /**
   * Busy addresses (exchanges, DEXes) are asked for the same pages again and again between two blocks;
   * a page costs PostgreSQL up to ≈ 15 ms (a deep offset) and ≈ 50 kB of rows, a hit one tip probe.
   */
  private readonly pages: TipCache<UtxoPage>;

  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.pages = new TipCache(
      config.addressUtxoCacheOutputs,
      (page) => page.utxos.length + 1,
      () => chainTip(db),
    );
  }

  /** Check order as RYO: pagination, address; then 404 for an address no output ever had. */
  async utxos(addressParam: string, query: PaginationQuery): Promise<AddressUtxo[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const key = JSON.stringify(['utxos', address, page]);
    const result = await this.pages.get(key, async () => {
      const { addressSeen, utxos, tip } = await addressesAddressUtxos(this.db, { address, ...page });
      return { tip, value: { found: addressSeen, utxos: utxos.map(toAddressUtxo) } };
    });
    return found(result);
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
    const key = JSON.stringify(['utxos/asset', address, asset, page]);
    const result = await this.pages.get(key, async () => {
      const { addressSeen, assetSeen, utxos, tip } = await addressesAddressUtxosAsset(this.db, {
        address,
        asset,
        ...page,
      });
      return { tip, value: { found: addressSeen && assetSeen, utxos: utxos.map(toAddressUtxo) } };
    });
    return found(result);
  }
}

function found(page: UtxoPage): AddressUtxo[] {
  if (!page.found) throw new BlockfrostError(404);
  return page.utxos;
}
