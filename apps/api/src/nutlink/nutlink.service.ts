import { Inject, Injectable } from '@nestjs/common';
import {
  nutlinkAddress,
  nutlinkAddressTickers,
  nutlinkAddressTickersTicker,
  nutlinkMetadata,
  nutlinkTickersTicker,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  bech32Prefix,
  encodeBech32,
  hexToBytes,
  nutlinkRegistration,
  parseAddressParam,
  type MetadataJson,
  type NutlinkAddress,
  type NutlinkOracleTickerRecord,
  type NutlinkTicker,
  type NutlinkTickerRecord,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toNutlinkOracleTickerRecord, toNutlinkTicker, toNutlinkTickerRecord } from './nutlink.mapper.js';

@Injectable()
export class NutlinkService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * The oracle's latest registration, with the off-chain metadata the indexer's job cached for its URL and
   * hash (null until fetched, or when every fetch failed). 404 unless a label-1967 registration has an
   * output to the address (or payment credential).
   */
  async oracle(addressParam: string): Promise<NutlinkAddress> {
    const address = parseAddressParam(addressParam, this.config.network);
    const found = await nutlinkAddress(this.db, { address });
    if (found === null) throw new BlockfrostError(404);
    const { metadataUrl, metadataHash } = nutlinkRegistration(found.registration as MetadataJson | null);
    return {
      // RYO answers a credential in its own bech32 form, re-encoded from the hash.
      address:
        address.kind === 'address'
          ? address.address
          : encodeBech32(bech32Prefix(addressParam)!, hexToBytes(address.hash)),
      metadata_url: metadataUrl,
      metadata_hash: metadataHash,
      metadata: await nutlinkMetadata(this.db, metadataUrl, metadataHash),
    };
  }

  /** 404 unless a label-1967 registration has an output to the address (or payment credential). */
  async tickers(addressParam: string, query: PaginationQuery): Promise<NutlinkTicker[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const result = await nutlinkAddressTickers(this.db, { address, ...page });
    if (!result.oracleRegistered) throw new BlockfrostError(404);
    return result.tickers.map(toNutlinkTicker);
  }

  /** 404 unless the address registered and some oracle ever posted the ticker. */
  async ticker(addressParam: string, ticker: string, query: PaginationQuery): Promise<NutlinkTickerRecord[]> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    // Unknown address or unknown ticker: the same 404.
    if (!storableTicker(ticker)) throw new BlockfrostError(404);
    const result = await nutlinkAddressTickersTicker(this.db, { address, ticker, ...page });
    if (!result.oracleRegistered || !result.tickerSeen) throw new BlockfrostError(404);
    return result.records.map(toNutlinkTickerRecord);
  }

  /** 404 unless some oracle ever posted the ticker. */
  async everyOracleTicker(ticker: string, query: PaginationQuery): Promise<NutlinkOracleTickerRecord[]> {
    const page = parsePage(query);
    if (!storableTicker(ticker)) throw new BlockfrostError(404);
    const result = await nutlinkTickersTicker(this.db, { ticker, ...page });
    if (!result.tickerSeen) throw new BlockfrostError(404);
    return result.records.map(toNutlinkOracleTickerRecord);
  }
}

/** PostgreSQL text cannot hold U+0000, so no stored ticker has one: such a request finds nothing. */
function storableTicker(ticker: string): boolean {
  return !ticker.includes('\u0000');
}
