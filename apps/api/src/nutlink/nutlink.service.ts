import { Inject, Injectable } from '@nestjs/common';
import { nutlinkAddressTickers, type PrismaClient } from '@frostline/db';
import { BlockfrostError, parseAddressParam, type NutlinkTicker } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toNutlinkTicker } from './nutlink.mapper.js';

@Injectable()
export class NutlinkService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** 404 unless a label-1967 registration has an output to the address (or payment credential). */
  async tickers(addressParam: string, query: PaginationQuery): Promise<NutlinkTicker[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const result = await nutlinkAddressTickers(this.db, { address, ...page });
    if (!result.oracleRegistered) throw new BlockfrostError(404);
    return result.tickers.map(toNutlinkTicker);
  }
}
