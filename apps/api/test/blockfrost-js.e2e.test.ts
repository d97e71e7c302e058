import type { AddressInfo } from 'node:net';
import { BlockFrostAPI, BlockfrostServerError } from '@blockfrost/blockfrost-js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { poolIdFromHash } from '@frostline/model';
import { ogmiosVectorParameters, storeProtocolParameters } from './support/evaluate-cases.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed, enterpriseAddressOf } from './support/seed.js';
import { openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// The real client (blockfrost-js 6.2.0) against the API listening on a socket: what a dApp sees.
// More rows than one page (100) at the address and the oracle, so the *All helpers must page.

const ADDRESS =
  'addr1qxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckmswj8ngt9puck7f0cqxzsfe62un6ln88yy8c8tguz8twmq64snl8';
const PAYMENT_CRED = 'b0dc3e5dc6e58608e31615a0866bfbe3b6817d6681df54add3b02c5b';
const ORACLE =
  'addr1q85yx2w7ragn5sx6umgmtjpc3865s9sg59sz4rrh6f90kgwfwlzu3w8ttacqg89mkdgwshwnplj5c5n9f8dhp0h55q2q7qm63t';
const STAKE = 'stake1u9fzg77vrgfqlplkjqe9hntdcvsurpvxd60yp2fhn73002qsv9pdk';
const STAKE_RAW = 'e152247bcc1a120f87f690325bcd6dc321c185866e9e40a9379fa2f7a8';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const UNIT = POLICY + '6e7574636f696e';
const POOL = '3bc1bf1a04ba85d8fd6119a08ee7f4ad659add075e2208b2886254a1';
const BLOCK_HASH = 'b1'.repeat(32);
const TX_HASH = 'a1'.repeat(32);
const UTXOS_WITH_ASSET = 150;
/** Lovelace at the stake address: 1_000_000 + i for each i < 150, and the 5 ADA output. */
const UTXO_SUM = UTXOS_WITH_ASSET * 1_000_000 + (UTXOS_WITH_ASSET * (UTXOS_WITH_ASSET - 1)) / 2 + 5_000_000;
const PROTOCOL_PARAMETERS = ogmiosVectorParameters();
const NONCE = 'e4'.repeat(32);
const TICKERS = Array.from({ length: 130 }, (_, i) => `T${String(i).padStart(3, '0')}`);
/** A second oracle (an enterprise address of the first one's key) that posts ADAUSD in each of 120 transactions. */
const PRICE_ORACLE = enterpriseAddressOf(ORACLE);
const PRICE_POSTS = 120;
const postHash = (i: number) => (0xc000 + i).toString(16).padStart(64, '0');
const NUTLINK_URL = 'https://nut.link/metadata.json';
const NUTLINK_HASH = '9586368825d39caf48bc64b2ca8a8db7bffa9227a5dad8464ce499be4516498f';

let closeDb: () => Promise<void>;
let app: NestFastifyApplication;
/** Rate limit of one request, to provoke 429. */
let limitedApp: NestFastifyApplication;
let baseUrl: string;
let limitedUrl: string;

/** No client-side limiter and no retries: every call is one request, every error surfaces at once. */
function client(backend: string, projectId: string | null = TOKEN) {
  const retrySettings = { limit: 0 } as never; // got's full RequiredRetryOptions type; limit is all that matters
  return new BlockFrostAPI({
    customBackend: backend,
    projectId: projectId ?? undefined,
    rateLimiter: false,
    retrySettings,
  });
}

async function listen(api: NestFastifyApplication): Promise<string> {
  await api.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}/api/v0`;
}

/** The error a call fails with (fails the test when the call succeeds). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => {
      throw new Error(`expected an error, got ${JSON.stringify(value).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  const db = await openTestDatabase();
  closeDb = db.close;
  const seed = new ChainSeed(db.sql);
  await seed.block({
    hash: BLOCK_HASH,
    height: 10,
    slot: 432_100,
    epoch: 1,
    epochSlot: 100,
    time: 1_596_491_091,
    txCount: 2,
  });
  const stakeId = await seed.stakeAddress(STAKE, STAKE_RAW);
  const tx = await seed.tx(TX_HASH);
  await seed.mint(tx, POLICY, UNIT.slice(56), String(UTXOS_WITH_ASSET));
  for (let index = 0; index < UTXOS_WITH_ASSET; index++) {
    await seed.output(tx, index, {
      address: ADDRESS,
      paymentCred: PAYMENT_CRED,
      stakeAddressId: stakeId,
      value: String(1_000_000 + index),
      assets: [{ policyId: POLICY, assetName: UNIT.slice(56), quantity: '1' }],
    });
  }
  await seed.output(tx, UTXOS_WITH_ASSET, {
    address: ADDRESS,
    paymentCred: PAYMENT_CRED,
    stakeAddressId: stakeId,
    value: '5000000',
  });
  await seed.stakeRegistration(tx, stakeId, false);
  await seed.delegation(tx, stakeId, POOL);
  // The indexer keeps the live UTxO sum per stake address (stake_balance) and the ledger reward balance.
  await seed.balances(stakeId, { utxo: String(UTXO_SUM), reward: '700' });
  const oracleTx = await seed.tx('a2'.repeat(32));
  await seed.nutlinkRegistration(oracleTx, ORACLE, null);
  await seed.nutlinkTickers(oracleTx, ORACLE, null, TICKERS);
  await seed.metadata(oracleTx, 1967, { metadata: NUTLINK_URL, hash: NUTLINK_HASH }, 'a0');
  await seed.nutlinkMetadata(NUTLINK_URL, NUTLINK_HASH, { ticker: 'NUTS', name: 'StakeNuts.com' });
  await seed.nutlinkRegistration(oracleTx, PRICE_ORACLE, null);
  for (let i = 0; i < PRICE_POSTS; i++) {
    const post = await seed.tx(postHash(i));
    await seed.nutlinkTickers(post, PRICE_ORACLE, null, ['ADAUSD']);
    await seed.metadata(post, 1968, { ADAUSD: [{ source: 'coinGecko', value: `0.${i}` }] }, 'a0');
  }
  await seed.block({
    hash: 'b2'.repeat(32),
    height: 11,
    slot: 432_120,
    epoch: 1,
    epochSlot: 120,
    time: 1_596_491_111,
    previousHash: BLOCK_HASH,
  });
  await seed.genesis('45000000000000000');

  await storeProtocolParameters(db.sql, 1, PROTOCOL_PARAMETERS, NONCE);

  app = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false' }));
  baseUrl = await listen(app);
  limitedApp = await startApp(
    testConfig(db.database, { RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_SECOND: '0.001' }),
  );
  limitedUrl = await listen(limitedApp);
});

afterAll(async () => {
  await app?.close();
  await limitedApp?.close();
  await closeDb?.();
});

/** What the same request gives over plain HTTP: the client must return it unchanged. */
async function raw(path: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}/${path}`, { headers: { project_id: TOKEN } });
  return response.json();
}

describe('blockfrost-js 6.2.0 with customBackend', () => {
  const utxosEndpoint = '/addresses/{address}/utxos/{asset}';
  const indexes = (utxos: { output_index: number }[]) => utxos.map((utxo) => utxo.output_index);
  const ascending = Array.from({ length: UTXOS_WITH_ASSET }, (_, i) => i);

  it('addressesUtxosAsset: one page as asked, body unchanged and valid', async () => {
    const api = client(baseUrl);
    const page = await api.addressesUtxosAsset(ADDRESS, UNIT, { count: 7, page: 3, order: 'desc' });
    expect(indexes(page)).toEqual(ascending.slice().reverse().slice(14, 21));
    expect(page[0]).toEqual({
      address: ADDRESS,
      tx_hash: TX_HASH,
      tx_index: 135,
      output_index: 135,
      amount: [
        { unit: 'lovelace', quantity: '1000135' },
        { unit: UNIT, quantity: '1' },
      ],
      block: BLOCK_HASH,
      data_hash: null,
      inline_datum: null,
      reference_script_hash: null,
    });
    expect(page).toEqual(await raw(`addresses/${ADDRESS}/utxos/${UNIT}?count=7&page=3&order=desc`));
    expect(schemaErrors(utxosEndpoint, 200, page)).toEqual([]);
    const lovelace = await api.addressesUtxosAsset(ADDRESS, 'lovelace');
    expect(indexes(lovelace)).toEqual([UTXOS_WITH_ASSET]);
  });

  it('addressesUtxosAssetAll: pages of 100 until a short one, in both orders and batch sizes', async () => {
    const api = client(baseUrl);
    // 150 rows cannot come from one request (count is capped at 100): the helper paged.
    const all = await api.addressesUtxosAssetAll(ADDRESS, UNIT);
    expect(indexes(all)).toEqual(ascending);
    expect(schemaErrors(utxosEndpoint, 200, all)).toEqual([]);
    expect(indexes(await api.addressesUtxosAssetAll(ADDRESS, UNIT, { order: 'desc', batchSize: 1 }))).toEqual(
      ascending.slice().reverse(),
    );
  });

  it('assetsById, blocksByEpochAndSlot and accounts return the API bodies', async () => {
    const api = client(baseUrl);
    const asset = await api.assetsById(UNIT);
    expect(asset).toMatchObject({
      asset: UNIT,
      quantity: String(UTXOS_WITH_ASSET),
      initial_mint_tx_hash: TX_HASH,
      mint_or_burn_count: 1,
    });
    expect(asset).toEqual(await raw(`assets/${UNIT}`));
    expect(schemaErrors('/assets/{asset}', 200, asset)).toEqual([]);

    const block = await api.blocksByEpochAndSlot(1, 100);
    expect(block).toMatchObject({
      hash: BLOCK_HASH,
      height: 10,
      slot: 432_100,
      tx_count: 2,
      next_block: 'b2'.repeat(32),
      confirmations: 1,
    });
    expect(block).toEqual(await raw('blocks/epoch/1/slot/100'));
    expect(schemaErrors('/blocks/epoch/{epoch_number}/slot/{slot_number}', 200, block)).toEqual([]);

    const account = await api.accounts(STAKE);
    expect(account).toMatchObject({
      stake_address: STAKE,
      registered: true,
      active_epoch: 1,
      pool_id: poolIdFromHash(POOL),
      controlled_amount: String(UTXO_SUM + 700),
      withdrawable_amount: '700',
    });
    expect(account).toEqual(await raw(`accounts/${STAKE}`));
    expect(schemaErrors('/accounts/{stake_address}', 200, account)).toEqual([]);
  });

  it('blocksLatest, blocks (by hash and height), genesis and network return the API bodies', async () => {
    const api = client(baseUrl);
    const latest = await api.blocksLatest();
    expect(latest).toMatchObject({ hash: 'b2'.repeat(32), height: 11, next_block: null, confirmations: 0 });
    expect(latest).toEqual(await raw('blocks/latest'));
    // Mesh's transaction confirmation: the block by hash, confirmed once confirmations > 0.
    const block = await api.blocks(BLOCK_HASH);
    expect(block).toMatchObject({ hash: BLOCK_HASH, next_block: 'b2'.repeat(32), confirmations: 1 });
    expect(await api.blocks(10)).toEqual(block);
    expect(schemaErrors('/blocks/{hash_or_number}', 200, block)).toEqual([]);

    const genesis = await api.genesis();
    expect(genesis).toMatchObject({ network_magic: 764824073, max_lovelace_supply: '45000000000000000' });
    expect(genesis).toEqual(await raw('genesis'));
    const network = await api.network();
    expect(network.supply.circulating).toBe(String(UTXO_SUM + 700));
    expect(network).toEqual(await raw('network'));
  });

  it('epochsLatestParameters and epochsParameters return the API body', async () => {
    const api = client(baseUrl);
    const endpoint = '/epochs/{number}/parameters';
    const latest = await api.epochsLatestParameters();
    expect(latest).toEqual(await raw('epochs/latest/parameters'));
    expect(schemaErrors(endpoint, 200, latest)).toEqual([]);
    expect(latest).toMatchObject({
      epoch: 1,
      nonce: NONCE,
      min_fee_a: PROTOCOL_PARAMETERS.minFeeCoefficient,
    });
    expect(await api.epochsParameters(1)).toEqual(latest);
  });

  it('nutlinkAddressTickers and nutlinkAddressTickersAll page through more than 100 tickers', async () => {
    const api = client(baseUrl);
    const names = (tickers: { name: string }[]) => tickers.map((ticker) => ticker.name);
    const page = await api.nutlinkAddressTickers(ORACLE, { count: 10, page: 13 });
    expect(names(page)).toEqual(TICKERS.slice(120, 130));
    expect(page[0]).toEqual({ name: 'T120', count: 1, latest_block: 10 });
    const all = await api.nutlinkAddressTickersAll(ORACLE);
    expect(names(all)).toEqual(TICKERS);
    expect(schemaErrors('/nutlink/{address}/tickers', 200, all)).toEqual([]);
    // desc is by first appearance (all in one transaction here), then by name.
    expect(names(await api.nutlinkAddressTickersAll(ORACLE, { order: 'desc', batchSize: 3 }))).toEqual(
      TICKERS,
    );
  });

  it('nutlinkAddress answers the registration with the metadata the indexer cached', async () => {
    const oracle = await client(baseUrl).nutlinkAddress(ORACLE);
    expect(oracle).toEqual({
      address: ORACLE,
      metadata_url: NUTLINK_URL,
      metadata_hash: NUTLINK_HASH,
      metadata: { ticker: 'NUTS', name: 'StakeNuts.com' },
    });
    expect(schemaErrors('/nutlink/{address}', 200, oracle)).toEqual([]);
  });

  it("nutlinkAddressTicker and nutlinkAddressTickerAll page through an oracle's 120 ADAUSD records", async () => {
    const api = client(baseUrl);
    const page = await api.nutlinkAddressTicker(PRICE_ORACLE, 'ADAUSD', {
      count: 10,
      page: 12,
      order: 'desc',
    });
    expect(page.map((record) => record.tx_hash)).toEqual(
      Array.from({ length: 10 }, (_, i) => postHash(9 - i)),
    );
    expect(page[9]).toEqual({
      tx_hash: postHash(0),
      block_height: 10,
      tx_index: 2,
      payload: [{ source: 'coinGecko', value: '0.0' }],
    });
    const all = await api.nutlinkAddressTickerAll(PRICE_ORACLE, 'ADAUSD');
    expect(all.map((record) => record.tx_hash)).toEqual(
      Array.from({ length: PRICE_POSTS }, (_, i) => postHash(i)),
    );
    expect(schemaErrors('/nutlink/{address}/tickers/{ticker}', 200, all)).toEqual([]);
  });

  it('nutlinkTickers and nutlinkTickersAll page through the records of every oracle', async () => {
    const api = client(baseUrl);
    const page = await api.nutlinkTickers('ADAUSD', { count: 100, page: 2 });
    expect(page.map((record) => [record.address, record.tx_hash])).toEqual(
      Array.from({ length: 20 }, (_, i) => [PRICE_ORACLE, postHash(100 + i)]),
    );
    const all = await api.nutlinkTickersAll('ADAUSD', { order: 'desc', batchSize: 4 });
    expect(all.map((record) => record.tx_hash)).toEqual(
      Array.from({ length: PRICE_POSTS }, (_, i) => postHash(PRICE_POSTS - 1 - i)),
    );
    expect(schemaErrors('/nutlink/tickers/{ticker}', 200, all)).toEqual([]);
    const thrown = await failure(api.nutlinkTickersAll('NOPE'));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect((thrown as BlockfrostServerError).status_code).toBe(404);
  });

  it.each([
    [
      '400',
      () => client(baseUrl).addressesUtxosAsset('addr1stonks', 'lovelace'),
      400,
      'Bad Request',
      'Invalid address for this network or malformed address format.',
    ],
    [
      '403 (wrong token)',
      () => client(baseUrl, 'mainnetWrongToken').assetsById(UNIT),
      403,
      'Forbidden',
      'Invalid project token.',
    ],
    [
      '403 (no token: no header)',
      () => client(baseUrl, null).accounts(STAKE),
      403,
      'Forbidden',
      'Invalid project token.',
    ],
    [
      '404',
      () => client(baseUrl).assetsById(POLICY + 'ff'),
      404,
      'Not Found',
      'The requested component has not been found.',
    ],
    [
      '404 from a paging helper',
      () => client(baseUrl).nutlinkAddressTickersAll(ADDRESS),
      404,
      'Not Found',
      'The requested component has not been found.',
    ],
  ])(
    'surfaces %s as BlockfrostServerError with the API body',
    async (_name, call, statusCode, error, message) => {
      const thrown = await failure(call());
      expect(thrown).toBeInstanceOf(BlockfrostServerError);
      expect(thrown).toMatchObject({ status_code: statusCode, error, message });
      expect((thrown as BlockfrostServerError).url).toContain('/api/v0/');
    },
  );

  it('surfaces 429 as BlockfrostServerError once the rate limit is spent', async () => {
    const api = client(limitedUrl);
    await api.blocksByEpochAndSlot(1, 100);
    const thrown = await failure(api.blocksByEpochAndSlot(1, 100));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect(thrown).toMatchObject({
      status_code: 429,
      error: 'Project Over Limit',
      message: 'Usage is over limit.',
    });
  });
});
