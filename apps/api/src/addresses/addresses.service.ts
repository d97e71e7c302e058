import { Inject, Injectable } from '@nestjs/common';
import {
  addressesAddress,
  addressesAddressTotal,
  addressesAddressTransactions,
  addressesAddressUtxoAssetChanges,
  addressesAddressUtxoAssetIds,
  addressesAddressUtxoChanges,
  addressesAddressUtxoIds,
  addressesAddressUtxos,
  addressesAddressUtxosAsset,
  addressUtxosByIds,
  chainTip,
  pageUnchangedBy,
  type AddressSelection,
  type AddressUtxoRow,
  type HistoryTransactionRow,
  type KeptIdList,
  type PrismaClient,
  type UtxoChangesResult,
} from '@frostline/db';
import {
  BlockfrostError,
  parseAddressParam,
  parseAssetParam,
  splitAssetUnit,
  type AddressContent,
  type AddressContentExtended,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { toAssetDisplay } from '../assets/assets.mapper.js';
import { canNameAnAsset, readAsset } from '../common/asset-lookup.js';
import { checkBlockRange, parseBlockRange, type BlockRangeQuery } from '../common/block-range.js';
import { toTotals, type TotalsResponse } from '../common/history-totals.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { toAddressContent, toAddressUtxo } from './addresses.mapper.js';
import { TipCache, type AtTip } from './tip-cache.js';
import { UtxoIdLists, type ListRead, type PageBounds } from './utxo-id-lists.js';

/** The asset value selecting outputs that carry no native asset at all. */
const LOVELACE = 'lovelace';

/** Lovelace per ada: /addresses/{address}/extended shows lovelace with 6 decimals. */
const LOVELACE_DECIMALS = 6;

/**
 * Pages that skip at least this many outputs are taken from a list of the selection's unspent output ids
 * (UtxoIdLists); below it, skipping index entries costs PostgreSQL less than reading the list and then the
 * page by id (docs/data-model.md#busy-addresses).
 */
const DEEP_PAGE_OFFSET = 5_000;

/**
 * Ids kept by UtxoIdLists per output a page cache may keep (`ADDRESS_UTXO_CACHE_OUTPUTS`): 8 bytes each, a
 * small part of the JSON text a cached output takes (2,000,000 ids, 16 MB, at the default).
 */
const LISTED_IDS_PER_CACHED_OUTPUT = 20;

/**
 * A page of unspent outputs as the JSON text of its answer, or `found: false` for an address or asset never
 * seen (404). Kept as text, a cached page is one string to the garbage collector instead of about ten objects
 * per output (a full cache held millions, and every full collection marked them all while the API served), in
 * a third less memory, and a hit sends it without serialising it again.
 */
interface UtxoPage {
  found: boolean;
  outputs: number;
  json: string;
  /** The id of its last output when the page is full, null when it reaches the end of the selection. */
  lastFullId: string | null;
}

@Injectable()
export class AddressesService {
  /**
   * Busy addresses (exchanges, DEXes) are asked for the same pages again and again between two blocks;
   * a first page costs PostgreSQL a query and its rows, a hit only one tip probe. After a block, a page is
   * carried to the new tip when the block changed none of the selection's outputs up to the page's last one
   * (in ascending order, the first pages of an address that only receives), found by a few index probes.
   */
  private readonly pages: TipCache<UtxoPage>;
  /** Deep pages: their own lists and pages, kept across blocks that leave them as they were. */
  private readonly deepPages: UtxoIdLists<UtxoPage>;

  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.pages = new TipCache(
      config.addressUtxoCacheOutputs,
      (page) => page.outputs + 1,
      () => chainTip(db),
    );
    this.deepPages = new UtxoIdLists(
      config.addressUtxoCacheOutputs * LISTED_IDS_PER_CACHED_OUTPUT,
      config.addressUtxoCacheOutputs,
      (page) => page.outputs + 1,
      () => chainTip(db),
    );
  }

  /** 400 for a malformed address, 404 for one no output ever had; the sums of its unspent outputs. */
  async address(addressParam: string): Promise<AddressContent> {
    const param = parseAddressParam(addressParam, this.config.network);
    const row = await addressesAddress(this.db, param);
    if (!row) throw new BlockfrostError(404);
    return toAddressContent(addressParam, param, row);
  }

  /** The address with each asset's decimals and whether it has NFT metadata on chain, as RYO reads them. */
  async extended(addressParam: string): Promise<AddressContentExtended> {
    const { amount, ...content } = await this.address(addressParam);
    const [lovelace, ...assets] = amount;
    const extended: AddressContentExtended['amount'] = [
      { ...lovelace!, decimals: LOVELACE_DECIMALS, has_nft_onchain_metadata: false },
    ];
    // One asset at a time, as RYO: an address holding thousands takes one connection, not the pool.
    for (const asset of assets) {
      const row = await readAsset(this.db, splitAssetUnit(asset.unit));
      extended.push({ ...asset, ...toAssetDisplay(row) });
    }
    return { ...content, amount: extended };
  }

  /** Check order as RYO: pagination, address; then 404 for an address no output ever had. */
  async utxos(addressParam: string, query: PaginationQuery): Promise<string> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const pageQuery = async () => {
      const { addressSeen, utxos, lastOutputId, tip } = await addressesAddressUtxos(this.db, {
        address,
        ...page,
      });
      return { tip, value: utxoPage(addressSeen, utxos, fullPageEdge(utxos, lastOutputId, page)) };
    };
    if (page.offset < DEEP_PAGE_OFFSET) {
      const carry = carryPage(page, (since) => addressesAddressUtxoChanges(this.db, { address }, since));
      return found(await this.pages.get(JSON.stringify(['utxos', address, page]), pageQuery, carry));
    }
    const selection = JSON.stringify(['utxos', address]);
    const deep = await this.deepPage(selection, address, page, pageQuery, async (since) => {
      const { addressSeen, ids, tip, continues } = await addressesAddressUtxoIds(this.db, { address }, since);
      return { tip, continues, value: { found: addressSeen, ids } };
    });
    return found(deep.value);
  }

  /** Check order as RYO: pagination, address, asset; then 404 for an unseen address or asset. */
  async utxosOfAsset(addressParam: string, assetParam: string, query: PaginationQuery): Promise<string> {
    const page = parsePage(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const asset = assetParam === LOVELACE ? LOVELACE : parseAssetParam(assetParam);
    if (asset !== LOVELACE && !canNameAnAsset(asset.unit)) throw new BlockfrostError(404);
    const pageQuery = async () => {
      const { addressSeen, assetSeen, utxos, lastOutputId, tip } = await addressesAddressUtxosAsset(this.db, {
        address,
        asset,
        ...page,
      });
      return {
        tip,
        value: utxoPage(addressSeen && assetSeen, utxos, fullPageEdge(utxos, lastOutputId, page)),
      };
    };
    if (page.offset < DEEP_PAGE_OFFSET) {
      const carry = carryPage(page, (since) =>
        addressesAddressUtxoAssetChanges(this.db, { address, asset }, since),
      );
      return found(
        await this.pages.get(JSON.stringify(['utxos/asset', address, asset, page]), pageQuery, carry),
      );
    }
    const selection = JSON.stringify(['utxos/asset', address, asset]);
    const deep = await this.deepPage(selection, address, page, pageQuery, async (since) => {
      const result = await addressesAddressUtxoAssetIds(this.db, { address, asset }, since);
      const { addressSeen, assetSeen, ids, tip, continues } = result;
      return { tip, continues, value: { found: addressSeen && assetSeen, ids } };
    });
    return found(deep.value);
  }

  /** Check order as RYO: pagination and from/to types, address; 404 for an address no output ever had; from/to values. */
  async transactions(
    addressParam: string,
    query: PaginationQuery & BlockRangeQuery,
  ): Promise<HistoryTransactionRow[]> {
    const page = parsePage(query);
    const range = parseBlockRange(query);
    const address = parseAddressParam(addressParam, this.config.network);
    const result = await addressesAddressTransactions(this.db, address, { ...page, range: range.range });
    if (!result.seen) throw new BlockfrostError(404);
    checkBlockRange(range);
    return result.transactions;
  }

  /** The deprecated list of the same transactions' hashes, without from/to. */
  async txs(addressParam: string, query: PaginationQuery): Promise<string[]> {
    const transactions = await this.transactions(addressParam, {
      count: query.count,
      page: query.page,
      order: query.order,
    });
    return transactions.map((tx) => tx.tx_hash);
  }

  /** Check order as RYO: address; 404 for an address no output ever had. */
  async total(addressParam: string): Promise<{ address: string } & TotalsResponse> {
    const address = parseAddressParam(addressParam, this.config.network);
    const totals = await addressesAddressTotal(this.db, address);
    if (!totals) throw new BlockfrostError(404);
    return { address: addressParam, ...toTotals(totals) };
  }

  /** A deep page from the selection's list of unspent ids, or from the page query when that cannot be current. */
  private async deepPage(
    selection: string,
    address: AddressSelection,
    page: PageBounds,
    pageQuery: () => Promise<AtTip<UtxoPage>>,
    readList: (since: KeptIdList | null) => Promise<ListRead>,
  ): Promise<AtTip<UtxoPage>> {
    return this.deepPages.page(
      selection,
      page,
      readList,
      async (ids) => {
        const { utxos, tip } = await addressUtxosByIds(this.db, address, ids);
        return { tip, value: utxoPage(true, utxos, null) };
      },
      pageQuery,
    );
  }
}

function utxoPage(found: boolean, rows: AddressUtxoRow[], lastFullId: string | null): UtxoPage {
  return { found, outputs: rows.length, json: JSON.stringify(rows.map(toAddressUtxo)), lastFullId };
}

function fullPageEdge(rows: AddressUtxoRow[], lastOutputId: string | null, page: PageBounds): string | null {
  return rows.length === page.limit ? lastOutputId : null;
}

/**
 * `TipCache`'s carry for a page: the page at the newest block when the blocks since its tip left it as it was.
 * A 404 is never carried: a block that makes the address or asset known is not among the selection's changes.
 */
function carryPage(
  page: PageBounds,
  readChanges: (since: string) => Promise<UtxoChangesResult>,
): (stale: AtTip<UtxoPage>) => Promise<AtTip<UtxoPage> | null> {
  return async (stale) => {
    if (!stale.value.found || stale.tip === null) return null;
    const { tip, changes } = await readChanges(stale.tip);
    if (changes === null || !pageUnchangedBy(changes, stale.value.lastFullId, page.order)) return null;
    return { tip, value: stale.value };
  };
}

function found(page: UtxoPage): string {
  if (!page.found) throw new BlockfrostError(404);
  return page.json;
}
