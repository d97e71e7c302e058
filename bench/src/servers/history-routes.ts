// The baseline's history paths (history-scenarios.ts): each runs the API's prisma/sql file in ascending order
// with the parameters the API's query module passes (no from/to range), returning the rows as JSON.
import { readSqlFile } from '@frostline/db';
import type { FastifyInstance } from 'fastify';
import type { QueryResult } from 'pg';

const sql = (name: string) => readSqlFile(name).replaceAll('{{direction}}', 'ASC');
const ADDRESS_TRANSACTIONS = sql('addresses_address_transactions');
const ADDRESS_TOTAL = sql('addresses_address_total');
const ACCOUNT = {
  addresses: sql('accounts_stake_address_addresses'),
  'addresses/assets': sql('accounts_stake_address_addresses_assets'),
  transactions: sql('accounts_stake_address_transactions'),
  delegations: sql('accounts_stake_address_delegations'),
  registrations: sql('accounts_stake_address_registrations'),
  withdrawals: sql('accounts_stake_address_withdrawals'),
};
const ACCOUNT_TOTAL = sql('accounts_stake_address_addresses_total');
const BLOCK_ID = sql('block_id');
const BLOCK_TXS = sql('blocks_hash_or_number_txs');
const BLOCK_ADDRESSES = sql('blocks_hash_or_number_addresses');
const ASSETS = sql('assets');
const ASSET = {
  history: sql('assets_asset_history'),
  transactions: sql('assets_asset_transactions'),
  addresses: sql('assets_asset_addresses'),
};
const POLICY = sql('assets_policy_policy_id');
const REDEEMERS = sql('scripts_script_hash_redeemers');
const LABELS = sql('metadata_txs_labels');
const LABEL = sql('metadata_txs_labels_label');

type Query = (text: string, values?: unknown[]) => Promise<QueryResult>;
type Page = (query: { count?: string; page?: string }) => { limit: number; offset: number };
type Paged = { Querystring: { count?: string; page?: string } };

/** A history list's from/to range, not given: from height, from index, to height, to index. */
const NO_RANGE = [null, null, null, null];

export function historyRoutes(app: FastifyInstance, query: Query, page: Page): void {
  const bytes = (hex: string) => Buffer.from(hex, 'hex');
  const rows = async (text: string, values: unknown[]) => (await query(text, values)).rows;
  for (const tail of ['transactions', 'txs'])
    app.get<Paged & { Params: { address: string } }>(`/addresses/:address/${tail}`, (request) => {
      const { limit, offset } = page(request.query);
      return rows(ADDRESS_TRANSACTIONS, [request.params.address, null, ...NO_RANGE, limit, offset]);
    });
  app.get<{ Params: { address: string } }>('/addresses/:address/total', (request) =>
    rows(ADDRESS_TOTAL, [request.params.address, null]),
  );
  for (const [tail, text] of Object.entries(ACCOUNT))
    app.get<Paged & { Params: { stake: string } }>(`/accounts/:stake/${tail}`, (request) => {
      const { limit, offset } = page(request.query);
      const range = tail === 'transactions' ? NO_RANGE : [];
      return rows(text, [request.params.stake, ...range, limit, offset]);
    });
  app.get<{ Params: { stake: string } }>('/accounts/:stake/addresses/total', (request) =>
    rows(ACCOUNT_TOTAL, [request.params.stake]),
  );
  app.get<Paged & { Params: { block: string } }>('/blocks/:block/txs', async (request) => {
    const { limit, offset } = page(request.query);
    const [block] = await rows(BLOCK_ID, [Number(request.params.block), null, false]);
    return block ? rows(BLOCK_TXS, [block.id, limit, offset]) : [];
  });
  // The block's whole list, read for every page: the statement the API runs once per block.
  app.get<Paged & { Params: { block: string } }>('/blocks/:block/addresses', async (request) => {
    const { limit, offset } = page(request.query);
    const [block] = await rows(BLOCK_ID, [Number(request.params.block), null, false]);
    if (!block) return [];
    const listed = await rows(BLOCK_ADDRESSES, [bytes(block.hash as string)]);
    return listed
      .filter((row) => row.address !== null)
      .slice(offset, offset + limit)
      .map(({ address, transactions }) => ({ address, transactions }));
  });
  app.get<Paged>('/assets', (request) => {
    const { limit, offset } = page(request.query);
    return rows(ASSETS, [limit, offset]);
  });
  for (const [tail, text] of Object.entries(ASSET))
    app.get<Paged & { Params: { asset: string } }>(`/assets/:asset/${tail}`, (request) => {
      const { limit, offset } = page(request.query);
      const unit = request.params.asset;
      const range = tail === 'transactions' ? NO_RANGE : [];
      return rows(text, [bytes(unit.slice(0, 56)), bytes(unit.slice(56)), ...range, limit, offset]);
    });
  app.get<Paged & { Params: { policy: string } }>('/assets/policy/:policy', (request) => {
    const { limit, offset } = page(request.query);
    return rows(POLICY, [bytes(request.params.policy), limit, offset]);
  });
  app.get<Paged & { Params: { hash: string } }>('/scripts/:hash/redeemers', (request) => {
    const { limit, offset } = page(request.query);
    return rows(REDEEMERS, [bytes(request.params.hash), limit, offset]);
  });
  app.get<Paged>('/metadata/txs/labels', (request) => {
    const { limit, offset } = page(request.query);
    return rows(LABELS, [limit, offset]);
  });
  app.get<Paged & { Params: { label: string } }>('/metadata/txs/labels/:label', (request) => {
    const { limit, offset } = page(request.query);
    return rows(LABEL, [request.params.label, limit, offset]);
  });
}
