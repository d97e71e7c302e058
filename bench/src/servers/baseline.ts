// Child process: the baseline — a bare Fastify + pg Pool handler per endpoint, executing the same
// prisma/sql text with the same parameters as the API, returning the rows as JSON.
import { ADDRESS_UTXOS_ASSET_QUERY, ADDRESS_UTXOS_QUERY, readSqlFile as sql } from '@frostline/db';
import { cip68ReferenceNft } from '@frostline/model';
import Fastify from 'fastify';
import pg from 'pg';
import { answerStallRequests } from '../stalls.js';
import { historyRoutes } from './history-routes.js';

const ADDRESS_ASSET = ADDRESS_UTXOS_ASSET_QUERY.text.replaceAll('{{direction}}', 'ASC');
const ADDRESS = ADDRESS_UTXOS_QUERY.text.replaceAll('{{direction}}', 'ASC');
const ASSET = sql('assets_asset');
const BLOCK = sql('blocks_epoch_number_slot_slot_number');
const LATEST_BLOCK = sql('blocks_latest');
const TX = sql('txs_hash');
const TX_UTXOS = sql('txs_hash_utxos');
const EPOCH_PARAMETERS = sql('epochs_number_parameters');
const ACCOUNT = sql('accounts_stake_address');
const ACCOUNT_UTXOS = sql('accounts_stake_address_utxos').replaceAll('{{direction}}', 'ASC');
const NUTLINK = sql('nutlink_address_tickers');

// The same pool as the API's Prisma pg adapter (packages/db/src/client.ts): 10 connections, kept once opened.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  min: 10,
  allowExitOnIdle: true,
});
// Named prepared statements, as the API runs them (packages/db/src/queries/sql-file.ts).
const names = new Map<string, string>();
const query = (text: string, values: unknown[] = []) => {
  if (!names.has(text)) names.set(text, `baseline_${names.size}`);
  return pool.query({ name: names.get(text), text, values });
};
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 8192 } });
const bytes = (hex: string) => Buffer.from(hex, 'hex');
const page = (query: { count?: string; page?: string }) => {
  const count = Number(query.count ?? 100);
  return { limit: count, offset: (Number(query.page ?? 1) - 1) * count };
};

app.get<{ Params: { address: string; asset: string }; Querystring: { count?: string; page?: string } }>(
  '/addresses/:address/utxos/:asset',
  async (request) => {
    const { address, asset } = request.params;
    const { limit, offset } = page(request.query);
    const lovelace = asset === 'lovelace';
    const { rows } = await query(ADDRESS_ASSET, [
      address,
      null,
      ...ADDRESS_UTXOS_ASSET_QUERY.values({
        policy: lovelace ? null : bytes(asset.slice(0, 56)),
        asset_name: lovelace ? null : bytes(asset.slice(56)),
        limit,
        offset,
      }),
    ]);
    return rows;
  },
);
app.get<{ Params: { address: string }; Querystring: { count?: string; page?: string } }>(
  '/addresses/:address/utxos',
  async (request) => {
    const { limit, offset } = page(request.query);
    const { rows } = await query(ADDRESS, [
      request.params.address,
      null,
      ...ADDRESS_UTXOS_QUERY.values({ limit, offset }),
    ]);
    return rows;
  },
);
app.get<{ Params: { asset: string } }>('/assets/:asset', async (request) => {
  const unit = request.params.asset;
  const ref = cip68ReferenceNft(unit);
  const { rows } = await query(ASSET, [
    bytes(unit.slice(0, 56)),
    bytes(unit.slice(56)),
    unit,
    ref ? bytes(ref.referenceNftUnit.slice(56)) : null,
  ]);
  return rows;
});
app.get<{ Params: { epoch: string; slot: string } }>('/blocks/epoch/:epoch/slot/:slot', async (request) => {
  const { rows } = await query(BLOCK, [Number(request.params.epoch), Number(request.params.slot)]);
  return rows;
});
app.get('/blocks/latest', async () => (await query(LATEST_BLOCK)).rows);
app.get<{ Params: { hash: string } }>(
  '/txs/:hash',
  async (request) => (await query(TX, [bytes(request.params.hash)])).rows,
);
app.get<{ Params: { hash: string } }>(
  '/txs/:hash/utxos',
  async (request) => (await query(TX_UTXOS, [bytes(request.params.hash)])).rows,
);
app.get('/epochs/latest/parameters', async () => (await query(EPOCH_PARAMETERS, [null])).rows);
app.get<{ Params: { stake: string } }>('/accounts/:stake', async (request) => {
  const { rows } = await query(ACCOUNT, [request.params.stake]);
  return rows;
});
app.get<{ Params: { stake: string }; Querystring: { count?: string; page?: string } }>(
  '/accounts/:stake/utxos',
  async (request) => {
    const { limit, offset } = page(request.query);
    const { rows } = await query(ACCOUNT_UTXOS, [request.params.stake, limit, offset]);
    return rows;
  },
);
app.get<{ Params: { address: string } }>('/nutlink/:address/tickers', async (request) => {
  const { rows } = await query(NUTLINK, [request.params.address, null, 'asc', 100, 0]);
  return rows;
});

historyRoutes(app, query, page);

await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
answerStallRequests();
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
