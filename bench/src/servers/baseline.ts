// Child process: the baseline — a bare Fastify + pg Pool handler per endpoint, executing the same
// prisma/sql text with the same parameters as the API, returning the rows as JSON; GET /mempool, which
// reads no SQL, from the same node by the same Ogmios mempool monitoring.
import { createInteractionContext, createMempoolMonitoringClient } from '@cardano-ogmios/client';
import {
  ADDRESS_UTXOS_ASSET_QUERY,
  ADDRESS_UTXOS_QUERY,
  DREP_DELEGATORS_SQL,
  POOL_DELEGATORS_QUERY,
  readSqlFile as sql,
} from '@frostline/db';
import { cip68ReferenceNft, drepIdToCredential, parsePoolIdParam, poolIdFromHash } from '@frostline/model';
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
const ACCOUNT_REWARDS = sql('accounts_stake_address_rewards').replaceAll('{{direction}}', 'ASC');
const NUTLINK = sql('nutlink_address_tickers');
const asc = (text: string) => text.replaceAll('{{direction}}', 'ASC');
const POOLS = asc(sql('pools'));
const POOLS_EXTENDED = sql('pools_extended');
const POOL_DELEGATORS = asc(POOL_DELEGATORS_QUERY.text);
const EPOCH_STAKES = sql('epochs_number_stakes');
const DREPS = asc(sql('governance_dreps'));
const PROPOSALS = asc(sql('governance_proposals'));

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
app.get<{ Params: { stake: string }; Querystring: { count?: string; page?: string } }>(
  '/accounts/:stake/rewards',
  async (request) => {
    const { limit, offset } = page(request.query);
    const { rows } = await query(ACCOUNT_REWARDS, [request.params.stake, limit, offset]);
    return rows;
  },
);
app.get<{ Params: { address: string } }>('/nutlink/:address/tickers', async (request) => {
  const { rows } = await query(NUTLINK, [request.params.address, null, 'asc', 100, 0]);
  return rows;
});

// /pools/extended: the page of /pools, then its figures (ours also reads the page's metadata files and decodes
// each registration's CBOR).
app.get<{ Querystring: { count?: string; page?: string } }>('/pools/extended', async (request) => {
  const { limit, offset } = page(request.query);
  const hashes = (await query(POOLS, [limit, offset])).rows.map((row) => row.pool_hash as string);
  return (await query(POOLS_EXTENDED, [hashes, hashes.map(poolIdFromHash)])).rows;
});
app.get<{ Params: { pool: string }; Querystring: { count?: string; page?: string } }>(
  '/pools/:pool/delegators',
  async (request) => {
    const { limit, offset } = page(request.query);
    const hash = parsePoolIdParam(request.params.pool)!;
    const pool = POOL_DELEGATORS_QUERY.values({ pool_hash: bytes(hash), pool_id: request.params.pool });
    return (await query(POOL_DELEGATORS, [limit, offset, ...pool])).rows;
  },
);
app.get<{ Params: { epoch: string }; Querystring: { count?: string; page?: string } }>(
  '/epochs/:epoch/stakes',
  async (request) => {
    const { limit, offset } = page(request.query);
    return (await query(EPOCH_STAKES, [Number(request.params.epoch), limit, offset])).rows;
  },
);
app.get<{ Querystring: { count?: string; page?: string } }>('/governance/dreps', async (request) => {
  const { limit, offset } = page(request.query);
  return (await query(DREPS, [false, null, null, limit, offset])).rows;
});
app.get<{ Querystring: { count?: string; page?: string } }>('/governance/proposals', async (request) => {
  const { limit, offset } = page(request.query);
  return (await query(PROPOSALS, [limit, offset])).rows;
});
app.get<{ Params: { drep: string }; Querystring: { count?: string; page?: string } }>(
  '/governance/dreps/:drep/delegators',
  async (request) => {
    const { limit, offset } = page(request.query);
    const { type, hash } = drepIdToCredential(request.params.drep)!;
    const { rows } = await query(DREP_DELEGATORS_SQL.registered.asc, [type, bytes(hash), limit, offset]);
    return rows;
  },
);

// GET /mempool as the API answers it (apps/api/src/mempool/mempool-snapshots.ts): from a snapshot of the node's
// mempool read at most once a second, without decoding the transactions.
if (process.env.OGMIOS_URL) {
  const node = new URL(process.env.OGMIOS_URL);
  const context = await createInteractionContext(
    () => undefined,
    () => undefined,
    { connection: { host: node.hostname, port: Number(node.port) } },
  );
  const monitor = await createMempoolMonitoringClient(context);
  let snapshot: { at: number; ids: string[] } | null = null;
  // One read at a time (the monitor walks one acquired snapshot); requests keep the last one meanwhile.
  let reading: Promise<void> | null = null;
  const refresh = () =>
    (reading ??= (async () => {
      await monitor.acquireMempool();
      const ids: string[] = [];
      for (let id = await monitor.nextTransaction(); id !== null; id = await monitor.nextTransaction())
        ids.push(id);
      snapshot = { at: Date.now(), ids };
    })().finally(() => (reading = null)));
  app.get<{ Querystring: { count?: string; page?: string } }>('/mempool', async (request) => {
    if (snapshot === null) await refresh();
    else if (Date.now() - snapshot.at > 1000) void refresh();
    const { limit, offset } = page(request.query);
    return snapshot!.ids.slice(offset, offset + limit).map((tx_hash) => ({ tx_hash }));
  });
}
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
