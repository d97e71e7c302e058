import type { AddressInfo } from 'node:net';
import { BlockFrostAPI, BlockfrostServerError, deriveAddress } from '@blockfrost/blockfrost-js';
import { demoWallets, firstConwayBlock, startDevnet, type Devnet } from '@frostline/devnet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { refillHistory } from '@frostline/indexer/testing/database';
import {
  decodeShelleyAddress,
  type EndpointUsageDay,
  drepIdFromCredential,
  poolIdFromHash,
  poolIdToHash,
  stakeAddressFromCredential,
} from '@frostline/model';
import { fixtures } from './support/error-fixtures.js';
import { poolRegistrationsCbor, type PoolUpdates } from './support/pool-certificates.js';
import { ogmiosVectorParameters, storeProtocolParameters } from './support/evaluate-cases.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed, enterpriseAddressOf, EPOCH_1_BLOCK } from './support/seed.js';
import { ogmiosRequest, signedPayment } from './support/payments.js';
import { openTestDatabase, startApp, testConfig, TOKEN, type TestContext } from './support/test-app.js';

// The real client (blockfrost-js 6.2.0) against the API listening on a socket: what a dApp sees.
// More rows than one page (100) at the address, the oracle, the pools and an epoch, so the *All helpers
// must page.

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
const BLOCK_HASH = EPOCH_1_BLOCK.hash;
const TX_HASH = 'a1'.repeat(32);
const FIRST_BLOCK = { ...EPOCH_1_BLOCK, txCount: 2 };
const UTXOS_WITH_ASSET = 150;
/** Lovelace at the stake address: 1_000_000 + i for each i < 150, and the 5 ADA output. */
const UTXO_SUM = UTXOS_WITH_ASSET * 1_000_000 + (UTXOS_WITH_ASSET * (UTXOS_WITH_ASSET - 1)) / 2 + 5_000_000;
const PROTOCOL_PARAMETERS = ogmiosVectorParameters();
const NONCE = 'e4'.repeat(32);
/** The address and account of a history longer than a page: one transaction per block, each paying it. */
const HISTORY_ADDRESS = ORACLE;
const HISTORY_STAKE_KEY = (() => {
  const decoded = decodeShelleyAddress(HISTORY_ADDRESS);
  if (decoded?.type !== 'base' || decoded.stake.type !== 'key')
    throw new Error('a base address with a stake key');
  return decoded.stake.hash;
})();
const HISTORY_STAKE = stakeAddressFromCredential({ type: 'key', hash: HISTORY_STAKE_KEY }, 1);
const HISTORY_TXS = 130;
const HISTORY_FIRST_HEIGHT = 12;
/** Of the history's transactions, those that also pay an asset: every tenth. */
const HISTORY_UNIT = POLICY + '686973746f7279';
const historyTxHash = (i: number) => (0xd000 + i).toString(16).padStart(64, '0');
/** Assets minted under POLICY besides UNIT, and transactions carrying label 674. */
const LISTED = 120;
/** The output holding the reference script, at the oracle's address (no stake part). */
const REFERENCE_SCRIPT_LOVELACE = 9_000_000;
const SCRIPT_HASH = '67f33146617a5e61936081db3b2117cbf59bd2123748f58ac9678656';
const TICKERS = Array.from({ length: 130 }, (_, i) => `T${String(i).padStart(3, '0')}`);
/** A second oracle (an enterprise address of the first one's key) that posts ADAUSD in each of 120 transactions. */
const PRICE_ORACLE = enterpriseAddressOf(ORACLE);
const PRICE_POSTS = 120;
const postHash = (i: number) => (0xc000 + i).toString(16).padStart(64, '0');
const NUTLINK_URL = 'https://nut.link/metadata.json';
const NUTLINK_HASH = '9586368825d39caf48bc64b2ca8a8db7bffa9227a5dad8464ce499be4516498f';

let closeDb: () => Promise<void>;
let database: TestContext['database'];
let app: NestFastifyApplication;
/** Rate limit of one request, to provoke 429. */
let limitedApp: NestFastifyApplication;
let baseUrl: string;
let limitedUrl: string;
let closeHistoryDb: () => Promise<void>;
let historyApp: NestFastifyApplication;
let historyUrl: string;

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
  database = db.database;
  const seed = new ChainSeed(db.sql);
  await seed.block(FIRST_BLOCK);
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
  // More assets of the policy and transactions with one label than a page holds, and a reference script.
  for (let i = 0; i < LISTED; i++) {
    const listed = await seed.tx(`c${i.toString(16).padStart(63, '0')}`);
    await seed.mint(listed, POLICY, i.toString(16).padStart(4, '0'), String(i + 1));
    await seed.metadataCbor(listed, 674, `a11902a2${(i % 24).toString(16).padStart(2, '0')}`);
  }
  const scriptTx = await seed.tx('a3'.repeat(32));
  await seed.script(scriptTx, {
    hash: SCRIPT_HASH,
    language: 'plutus:v2',
    bytes: '4e4d01000033222220051200120011',
  });
  await seed.output(scriptTx, 0, {
    address: ORACLE,
    value: String(REFERENCE_SCRIPT_LOVELACE),
    referenceScriptHash: SCRIPT_HASH,
  });

  await storeProtocolParameters(db.sql, 1, PROTOCOL_PARAMETERS, NONCE);

  app = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false' }));
  baseUrl = await listen(app);

  // The histories in a database of their own: their blocks would change the tip the tests above read.
  const historyDb = await openTestDatabase();
  closeHistoryDb = historyDb.close;
  const historySeed = new ChainSeed(historyDb.sql);
  await historySeed.block(FIRST_BLOCK);
  const assetHolder = await historySeed.stakeAddress(STAKE, STAKE_RAW);
  const assetTx = await historySeed.tx(TX_HASH);
  await historySeed.output(assetTx, 0, {
    address: ADDRESS,
    stakeAddressId: assetHolder,
    value: '1000000',
    assets: [{ policyId: POLICY, assetName: UNIT.slice(56), quantity: '150' }],
  });
  // One transaction per block, each paying the history address and spending the previous one's output.
  const historyStake = await historySeed.stakeAddress(HISTORY_STAKE, 'e1' + HISTORY_STAKE_KEY);
  let previousOutput: number | null = null;
  for (let i = 0; i < HISTORY_TXS; i++) {
    await historySeed.block({
      hash: (0xe000 + i).toString(16).padStart(64, '0'),
      height: HISTORY_FIRST_HEIGHT + i,
      slot: 432_200 + i,
      epoch: 1,
      epochSlot: 200 + i,
      time: 1_596_491_200 + i,
    });
    const historyTx = await historySeed.tx(historyTxHash(i));
    if (previousOutput !== null) await historySeed.spend(previousOutput, historyTx);
    previousOutput = await historySeed.output(historyTx, 0, {
      address: HISTORY_ADDRESS,
      stakeAddressId: historyStake,
      value: '2000000',
      assets: i % 10 === 0 ? [{ policyId: POLICY, assetName: HISTORY_UNIT.slice(56), quantity: '3' }] : [],
    });
  }
  await refillHistory(historyDb.sql);
  historyApp = await startApp(testConfig(historyDb.database, { RATE_LIMIT_ENABLED: 'false' }));
  historyUrl = await listen(historyApp);
  limitedApp = await startApp(
    testConfig(db.database, { RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_SECOND: '0.001' }),
  );
  limitedUrl = await listen(limitedApp);
});

afterAll(async () => {
  await app?.close();
  await limitedApp?.close();
  await historyApp?.close();
  await closeDb?.();
  await closeHistoryDb?.();
});

/** What the same request gives over plain HTTP: the client must return it unchanged. */
async function raw(pathOrUrl: string, path?: string): Promise<unknown> {
  const response = await fetch(path === undefined ? `${baseUrl}/${pathOrUrl}` : `${pathOrUrl}/${path}`, {
    headers: { project_id: TOKEN },
  });
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

  it('assets, assetsPolicyById(All), assetsHistory(All) and assetsUtxos(All) return the API bodies, paged', async () => {
    const api = client(baseUrl);
    const all = await api.assets();
    expect(all).toEqual(await raw('assets'));
    expect(all[0]).toEqual({ asset: UNIT, quantity: String(UTXOS_WITH_ASSET) });
    expect(schemaErrors('/assets', 200, all)).toEqual([]);

    const policy = await api.assetsPolicyByIdAll(POLICY);
    expect(policy).toHaveLength(LISTED + 1);
    expect(policy.slice(0, 100)).toEqual(await raw(`assets/policy/${POLICY}`));
    expect(policy.slice(100)).toEqual(await api.assetsPolicyById(POLICY, { page: 2 }));
    expect(schemaErrors('/assets/policy/{policy_id}', 200, policy)).toEqual([]);

    const history = await api.assetsHistoryAll(UNIT);
    expect(history).toEqual([{ tx_hash: TX_HASH, action: 'minted', amount: String(UTXOS_WITH_ASSET) }]);
    expect(await api.assetsHistory(UNIT)).toEqual(await raw(`assets/${UNIT}/history`));
    expect(schemaErrors('/assets/{asset}/history', 200, history)).toEqual([]);

    const utxos = await api.assetsUtxosAll(UNIT, { order: 'desc' });
    expect(indexes(utxos)).toEqual([...ascending].reverse());
    expect(await api.assetsUtxos(UNIT, { count: 5 })).toEqual(await raw(`assets/${UNIT}/utxos?count=5`));
    expect(schemaErrors('/assets/{asset}/utxos', 200, utxos)).toEqual([]);
  });

  it('metadataTxsLabels, metadataTxsLabel, metadataTxsLabelCbor, scripts and scriptsUtxos(All) return the API bodies', async () => {
    const api = client(baseUrl);
    const labels = await api.metadataTxsLabels();
    expect(labels).toEqual([
      { label: '674', cip10: 'CIP-0020 - Transaction message/comment metadata', count: String(LISTED) },
    ]);
    expect(schemaErrors('/metadata/txs/labels', 200, labels)).toEqual([]);

    const label = await api.metadataTxsLabel('674', { page: 2 });
    expect(label).toEqual(await raw('metadata/txs/labels/674?page=2'));
    expect(label.map((row) => row.json_metadata)).toEqual(
      Array.from({ length: LISTED - 100 }, (_, i) => (i + 100) % 24),
    );
    const cbor = await api.metadataTxsLabelCbor('674', { count: 1, order: 'desc' });
    expect(cbor).toEqual([
      {
        tx_hash: `c${(LISTED - 1).toString(16).padStart(63, '0')}`,
        cbor_metadata: '\\xa11902a217',
        metadata: 'a11902a217',
      },
    ]);
    expect(schemaErrors('/metadata/txs/labels/{label}/cbor', 200, cbor)).toEqual([]);
    expect(await failure(api.metadataTxsLabel('-1'))).toMatchObject({ status_code: 400 });

    const scripts = await api.scripts();
    expect(scripts).toEqual([{ script_hash: SCRIPT_HASH }]);
    const held = await api.scriptsUtxosAll(SCRIPT_HASH);
    expect(held).toEqual(await raw(`scripts/${SCRIPT_HASH}/utxos`));
    expect(held).toMatchObject([
      { address: ORACLE, tx_hash: 'a3'.repeat(32), reference_script_hash: SCRIPT_HASH },
    ]);
    expect(await api.scriptsUtxos(SCRIPT_HASH)).toEqual(held);
    expect(schemaErrors('/scripts/{script_hash}/utxos', 200, held)).toEqual([]);
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
    expect(network.supply.circulating).toBe(String(UTXO_SUM + REFERENCE_SCRIPT_LOVELACE + 700));
    expect(network).toEqual(await raw('network'));
  });

  it("metrics and metricsEndpoints return the project's usage, each call of the client counted", async () => {
    const api = client(baseUrl);
    await api.blocksLatest();
    const perDay = await api.metrics();
    expect(schemaErrors('/metrics', 200, perDay)).toEqual([]);
    expect(perDay).toHaveLength(30);
    // blockfrost-js types the answer as /metrics' schema, without `endpoint`.
    const perEndpoint = (await api.metricsEndpoints()) as EndpointUsageDay[];
    expect(schemaErrors('/metrics/endpoints', 200, perEndpoint)).toEqual([]);
    const today = perDay.at(-1)!;
    const todays = perEndpoint.filter(({ time }) => time === today.time);
    // Everything counted before the metrics call, and that call itself.
    expect(todays.reduce((sum, { calls }) => sum + calls, 0)).toBe(today.calls + 1);
    expect(todays.find(({ endpoint }) => endpoint === '/blocks/latest')?.calls).toBeGreaterThanOrEqual(1);
    expect(todays.find(({ endpoint }) => endpoint === '/metrics')?.calls).toBe(1);
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

  it('addressesTransactions(All), with from/to: the history of the address, in pages of 100 or as asked', async () => {
    const api = client(historyUrl);
    const hashes = (txs: { tx_hash: string }[]) => txs.map((tx) => tx.tx_hash);
    const all = Array.from({ length: HISTORY_TXS }, (_, i) => historyTxHash(i));
    const history = await api.addressesTransactionsAll(HISTORY_ADDRESS);
    expect(hashes(history)).toEqual(all);
    expect(history[1]).toEqual({
      tx_hash: historyTxHash(1),
      tx_index: 0,
      block_height: HISTORY_FIRST_HEIGHT + 1,
      block_time: 1_596_491_201,
    });
    expect(schemaErrors('/addresses/{address}/transactions', 200, history)).toEqual([]);
    const desc = await api.addressesTransactionsAll(HISTORY_ADDRESS, { order: 'desc', batchSize: 2 });
    expect(hashes(desc)).toEqual(all.toReversed());
    const range = { from: String(HISTORY_FIRST_HEIGHT + 5), to: `${HISTORY_FIRST_HEIGHT + 9}:0` };
    const page = await api.addressesTransactions(HISTORY_ADDRESS, { count: 3, page: 2 }, range);
    expect(hashes(page)).toEqual(all.slice(8, 10));
    expect(page).toEqual(
      await raw(
        historyUrl,
        `addresses/${HISTORY_ADDRESS}/transactions?count=3&page=2&from=${range.from}&to=${range.to}`,
      ),
    );
    const ranged = await api.addressesTransactionsAll(HISTORY_ADDRESS, { batchSize: 1 }, range);
    expect(hashes(ranged)).toEqual(all.slice(5, 10));
  });

  it('addressesTotal and accountsAddressesTotal: received and sent per unit, and the transaction count', async () => {
    const api = client(historyUrl);
    const withAsset = Math.ceil(HISTORY_TXS / 10);
    const sums = (outputs: number, assetOutputs: number) => [
      { unit: 'lovelace', quantity: String(outputs * 2_000_000) },
      { unit: HISTORY_UNIT, quantity: String(assetOutputs * 3) },
    ];
    // Every output but the last is spent; the last holds no asset (129 is not a tenth).
    const totals = {
      received_sum: sums(HISTORY_TXS, withAsset),
      sent_sum: sums(HISTORY_TXS - 1, withAsset),
      tx_count: HISTORY_TXS,
    };
    const address = await api.addressesTotal(HISTORY_ADDRESS);
    expect(address).toEqual({ address: HISTORY_ADDRESS, ...totals });
    expect(schemaErrors('/addresses/{address}/total', 200, address)).toEqual([]);
    const account = await api.accountsAddressesTotal(HISTORY_STAKE);
    expect(account).toEqual({ stake_address: HISTORY_STAKE, ...totals });
    expect(schemaErrors('/accounts/{stake_address}/addresses/total', 200, account)).toEqual([]);
  });

  it("accountsTransactions(All) and accountsAddressesAssets(All): the account's history and live assets", async () => {
    const api = client(historyUrl);
    const all = await api.accountsTransactionsAll(HISTORY_STAKE, { batchSize: 3 });
    expect(all.map((tx) => [tx.address, tx.tx_hash])).toEqual(
      Array.from({ length: HISTORY_TXS }, (_, i) => [HISTORY_ADDRESS, historyTxHash(i)]),
    );
    expect(schemaErrors('/accounts/{stake_address}/transactions', 200, all)).toEqual([]);
    const range = { from: `${HISTORY_FIRST_HEIGHT + 120}` };
    expect(
      (await api.accountsTransactions(HISTORY_STAKE, { order: 'desc' }, range)).map((tx) => tx.tx_hash),
    ).toEqual(Array.from({ length: 10 }, (_, i) => historyTxHash(HISTORY_TXS - 1 - i)));
    // The last output holds no asset: nothing is left of the history's asset. The other account holds 150.
    expect(await api.accountsAddressesAssetsAll(HISTORY_STAKE)).toEqual([]);
    const held = await api.accountsAddressesAssets(STAKE, { count: 1 });
    expect(held).toEqual([{ unit: UNIT, quantity: '150' }]);
    expect(await api.accountsAddressesAssetsAll(STAKE)).toEqual(held);
    expect(schemaErrors('/accounts/{stake_address}/addresses/assets', 200, held)).toEqual([]);
  });

  it('assetsTransactions: the transactions whose outputs hold the asset', async () => {
    const api = client(historyUrl);
    const txs = await api.assetsTransactions(HISTORY_UNIT, { order: 'desc', count: 5 });
    expect(txs.map((tx) => tx.tx_hash)).toEqual([120, 110, 100, 90, 80].map(historyTxHash));
    expect(schemaErrors('/assets/{asset}/transactions', 200, txs)).toEqual([]);
    const ranged = await api.assetsTransactions(
      HISTORY_UNIT,
      {},
      { from: `${HISTORY_FIRST_HEIGHT + 15}`, to: `${HISTORY_FIRST_HEIGHT + 40}` },
    );
    expect(ranged.map((tx) => tx.tx_hash)).toEqual([20, 30, 40].map(historyTxHash));
  });

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

// A devnet that forges no block after its first: the payment submitted stays pending.
describe('blockfrost-js 6.2.0 mempool methods against a devnet that holds a payment pending', () => {
  const [payer, payee, bystander] = demoWallets(0);
  let devnet: Devnet;
  let mempoolApp: NestFastifyApplication;
  let api: BlockFrostAPI;
  let payment: { cbor: Uint8Array; id: string };
  let spent: { txHash: string; index: number; lovelace: bigint };

  beforeAll(async () => {
    devnet = await startDevnet({
      chain: { blocks: [firstConwayBlock()] },
      network: 'custom',
      port: 0,
      forgeInterval: 3_600_000,
    });
    await devnet.replayed;
    mempoolApp = await startApp(
      testConfig(database, {
        NETWORK: 'custom',
        OGMIOS_URL: devnet.url,
        EVALUATOR: 'local',
        RATE_LIMIT_ENABLED: 'false',
      }),
    );
    api = client(await listen(mempoolApp));
    const utxo = (
      await ogmiosRequest(devnet.url, 'queryLedgerState/utxo', { addresses: [payer!.signingKeyAddress] })
    ).result as { transaction: { id: string }; index: number; value: { ada: { lovelace: number } } }[];
    spent = {
      txHash: utxo[0]!.transaction.id,
      index: utxo[0]!.index,
      lovelace: BigInt(utxo[0]!.value.ada.lovelace),
    };
    const parameters = (await ogmiosRequest(devnet.url, 'queryLedgerState/protocolParameters')).result;
    payment = signedPayment(
      payer!,
      spent,
      payee!.signingKeyAddress,
      10_000_000n,
      parameters as Record<string, unknown>,
    );
    expect(await api.txSubmit(payment.cbor)).toBe(payment.id);
  });

  afterAll(async () => {
    await mempoolApp?.close();
    await devnet?.close();
  });

  it('mempool and mempoolAll list the pending payment', async () => {
    expect(await api.mempool()).toEqual([{ tx_hash: payment.id }]);
    expect(await api.mempoolAll({ batchSize: 2 })).toEqual([{ tx_hash: payment.id }]);
    expect(await api.mempool({ page: 2 })).toEqual([]);
  });

  it('mempoolTx shows it; its input, an output the index never saw, has no address', async () => {
    const shown = await api.mempoolTx(payment.id);
    expect(schemaErrors('/mempool/{hash}', 200, shown)).toEqual([]);
    expect(shown.inputs).toEqual([
      { tx_hash: spent.txHash, output_index: spent.index, collateral: false, reference: false },
    ]);
    expect(shown.outputs.map((output) => output.address)).toEqual([
      payee!.signingKeyAddress,
      payer!.signingKeyAddress,
    ]);
    // Without the input's value there is no balance to tell a deposit by.
    expect(shown.tx.deposit).toBe('0');
    const thrown = await failure(api.mempoolTx('cd'.repeat(32)));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect(thrown).toMatchObject({ status_code: 404, error: 'Not Found' });
  });

  it('mempoolByAddress and mempoolByAddressAll find it by its outputs, and refuse a malformed address', async () => {
    expect(await api.mempoolByAddress(payee!.signingKeyAddress)).toEqual([{ tx_hash: payment.id }]);
    expect(await api.mempoolByAddressAll(payer!.signingKeyAddress)).toEqual([{ tx_hash: payment.id }]);
    expect(await api.mempoolByAddress(bystander!.signingKeyAddress)).toEqual([]);
    const thrown = await failure(api.mempoolByAddress('stonks'));
    expect(thrown).toMatchObject({
      status_code: 400,
      message: 'Invalid address for this network or malformed address format.',
    });
  });

  // blockfrost-js 6.2.0 has no method for /utils/addresses/xpub; its deriveAddress helper derives locally.
  it.each([0, 1, 2])(
    'GET /utils/addresses/xpub/…/%i/… derives what blockfrost-js deriveAddress does',
    async (role) => {
      const xpub =
        '7ec9738746cb4708df52a455b43aa3fdee8955abaf37f68ffc79bb84fbf9e1b39d77e2deb9749faf890ff8326d350ed3fd0e4aa271b35cad063692af87102152';
      const response = await fetch(`${baseUrl}/utils/addresses/xpub/${xpub}/${role}/7`, {
        headers: { project_id: TOKEN },
      });
      expect(await response.json()).toEqual({
        xpub,
        role,
        index: 7,
        address: deriveAddress(xpub, role, 7, 'mainnet').address,
      });
    },
  );
});

describe('blockfrost-js 6.2.0: epochs and pools', () => {
  const EPOCH = 5;
  const MAKER = poolIdFromHash('c1'.repeat(28));
  const OTHER = poolIdFromHash('c2'.repeat(28));
  /** More pools and more blocks of one epoch than one page, so the *All helpers must page. */
  const POOL_COUNT = 130;
  const BLOCK_COUNT = 130;
  const registered = Array.from({ length: POOL_COUNT }, (_, i) => (0x100 + i).toString(16).padStart(56, '0'));
  const [relayFixture] = fixtures('mainnet-txs-tx-pool-updates.json') as { response: PoolUpdates }[];
  const relayPool = relayFixture!.response[0]!;
  const blocks: string[] = [];
  let api: BlockFrostAPI;
  let epochsApp: NestFastifyApplication;
  let closeEpochsDb: () => Promise<void>;

  beforeAll(async () => {
    const db = await openTestDatabase();
    closeEpochsDb = db.close;
    const seed = new ChainSeed(db.sql);
    await seed.genesis('45000000000000000');
    await seed.singleEra();
    await seed.block({
      hash: 'e4'.repeat(32),
      height: 1,
      slot: 1_728_000,
      epoch: 4,
      epochSlot: 0,
      time: 1_507_931_091,
    });
    const tx = await seed.tx('f1'.repeat(32), { cbor: poolRegistrationsCbor([relayPool]) });
    await seed.poolRegistration(tx, poolIdToHash(relayPool.pool_id)!);
    const many = await seed.tx('f2'.repeat(32), {
      cbor: poolRegistrationsCbor(
        registered.map((hash, index) => ({ ...relayPool, pool_id: poolIdFromHash(hash), cert_index: index })),
      ),
    });
    for (const [index, hash] of registered.entries()) await seed.poolRegistration(many, hash, index);
    await seed.poolRetirement(many, registered[0]!, 5, POOL_COUNT);
    await seed.poolRetirement(many, registered[1]!, 9, POOL_COUNT + 1);
    for (let i = 0; i < BLOCK_COUNT; i++) {
      const hash = (0x1000 + i).toString(16).padStart(64, '0');
      blocks.push(hash);
      await seed.block({
        hash,
        height: 2 + i,
        slot: 2_160_000 + i,
        epoch: EPOCH,
        epochSlot: i,
        time: 1_508_363_091 + i,
        slotLeader: i % 2 === 0 ? MAKER : OTHER,
      });
    }
    // The ledger's pool snapshots of epoch 4 (the stake epoch 5's leaders were drawn from) and 5.
    await db.sql.query(
      `INSERT INTO pool_snapshot_epoch (epoch, treasury, reserves) VALUES (4, 0, 9e15), (5, 0, 8e15);
       INSERT INTO pool_stake_snapshot (epoch, pool_hash, stake)
       VALUES (4, decode('${poolIdToHash(relayPool.pool_id)}', 'hex'), 3e12), (4, decode('${registered[2]}', 'hex'), 9e12),
              (5, decode('${poolIdToHash(relayPool.pool_id)}', 'hex'), 4e12);
       INSERT INTO protocol_parameters (epoch, params) VALUES (5, '{"desiredNumberOfStakePools": 500}')`,
    );
    epochsApp = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false' }));
    api = client(await listen(epochsApp));
  });
  afterAll(async () => {
    await epochsApp?.close();
    await closeEpochsDb?.();
  });

  it('epochs, epochsLatest, epochsNext and epochsPrevious return the API bodies', async () => {
    const epoch = await api.epochs(EPOCH);
    expect(epoch).toMatchObject({
      epoch: EPOCH,
      block_count: BLOCK_COUNT,
      start_time: 1_508_363_091,
      active_stake: null,
    });
    expect(schemaErrors('/epochs/{number}', 200, epoch)).toEqual([]);
    expect(await api.epochsLatest()).toEqual(epoch);
    expect(await api.epochsNext(4)).toEqual([epoch]);
    expect((await api.epochsPrevious(EPOCH)).map((e) => e.epoch)).toEqual([4]);
  });

  it('epochsBlocks, epochsBlocksAll and the pool’s: pages of 100 until a short one', async () => {
    expect(await api.epochsBlocks(EPOCH, { count: 3, page: 2, order: 'desc' })).toEqual(
      [...blocks].reverse().slice(3, 6),
    );
    expect(await api.epochsBlocksAll(EPOCH)).toEqual(blocks);
    expect(await api.epochsBlocksAll(EPOCH, { order: 'desc', batchSize: 2 })).toEqual([...blocks].reverse());
    const made = blocks.filter((_, i) => i % 2 === 0);
    expect(await api.epochsBlocksByPoolId(EPOCH, MAKER, { count: 5 })).toEqual(made.slice(0, 5));
    expect(await api.epochsBlocksByPoolIdAll(EPOCH, MAKER)).toEqual(made);
    expect(await api.poolsByIdBlocks(MAKER, { count: 2, page: 3 })).toEqual(made.slice(4, 6));
  });

  it('pools, poolsAll, poolsRetired and poolsRetiring list the registered pools', async () => {
    const live = [relayPool.pool_id, ...registered.slice(1).map(poolIdFromHash)];
    expect(await api.pools({ count: 2 })).toEqual(live.slice(0, 2));
    expect(await api.poolsAll()).toEqual(live);
    expect(schemaErrors('/pools', 200, await api.poolsAll())).toEqual([]);
    expect(await api.poolsRetired()).toEqual([{ pool_id: poolIdFromHash(registered[0]!), epoch: 5 }]);
    expect(await api.poolsRetiring()).toEqual([{ pool_id: poolIdFromHash(registered[1]!), epoch: 9 }]);
  });

  it('poolsExtended and poolsExtendedAll give /pools’ pools with their figures', async () => {
    const live = [relayPool.pool_id, ...registered.slice(1).map(poolIdFromHash)];
    const all = await api.poolsExtendedAll();
    expect(all.map((pool) => pool.pool_id)).toEqual(live);
    expect(schemaErrors('/pools/extended', 200, all)).toEqual([]);
    expect(all[0]).toEqual({
      pool_id: relayPool.pool_id,
      hex: poolIdToHash(relayPool.pool_id),
      active_stake: '3000000000000',
      live_stake: '4000000000000',
      live_saturation: 4e12 / (37e15 / 500),
      blocks_minted: 0,
      declared_pledge: relayPool.pledge,
      margin_cost: relayPool.margin_cost,
      fixed_cost: relayPool.fixed_cost,
      metadata: expect.objectContaining({ url: relayPool.metadata.url, hash: relayPool.metadata.hash }),
    });
    const page = await api.poolsExtended({ count: 2, page: 2, order: 'desc' });
    expect(page.map((pool) => pool.pool_id)).toEqual([...live].reverse().slice(2, 4));
  });

  it('poolsByIdRelays and poolsByIdUpdates return the API bodies', async () => {
    const relays = await api.poolsByIdRelays(relayPool.pool_id);
    expect(relays).toEqual(relayPool.relays.map((relay) => ({ dns_srv: null, ...relay })));
    expect(schemaErrors('/pools/{pool_id}/relays', 200, relays)).toEqual([]);
    expect(await api.poolsByIdUpdates(poolIdFromHash(registered[1]!))).toEqual([
      { tx_hash: 'f2'.repeat(32), cert_index: 1, action: 'registered' },
      { tx_hash: 'f2'.repeat(32), cert_index: POOL_COUNT + 1, action: 'deregistered' },
    ]);
  });

  it('poolsById returns the API body: parameters from the registration, stake from the snapshots', async () => {
    const pool = await api.poolsById(relayPool.pool_id);
    expect(schemaErrors('/pools/{pool_id}', 200, pool)).toEqual([]);
    expect(pool).toMatchObject({
      pool_id: relayPool.pool_id,
      vrf_key: relayPool.vrf_key,
      blocks_minted: 0,
      live_stake: '4000000000000',
      live_size: 1,
      live_saturation: 4e12 / (37e15 / 500),
      live_delegators: 0,
      active_stake: '3000000000000',
      active_size: 0.25,
      declared_pledge: relayPool.pledge,
      live_pledge: '0',
      margin_cost: relayPool.margin_cost,
      fixed_cost: relayPool.fixed_cost,
      reward_account: relayPool.reward_account,
      owners: relayPool.owners,
      registration: ['f1'.repeat(32)],
      retirement: [],
    });
    const thrown = await failure(api.poolsById(poolIdFromHash('99'.repeat(28))));
    expect(thrown).toMatchObject({ status_code: 404 });
  });

  it('poolMetadata returns the API body: the registration’s URL and hash, no file fetched yet', async () => {
    const metadata = await api.poolMetadata(relayPool.pool_id);
    expect(schemaErrors('/pools/{pool_id}/metadata', 200, metadata)).toEqual([]);
    expect(metadata).toEqual({
      pool_id: relayPool.pool_id,
      hex: poolIdToHash(relayPool.pool_id),
      url: relayPool.metadata.url,
      hash: relayPool.metadata.hash,
      ticker: null,
      name: null,
      description: null,
      homepage: null,
    });
  });

  it('surfaces a malformed pool id as BlockfrostServerError with Blockfrost’s 400', async () => {
    const thrown = await failure(api.poolsByIdRelays('pool1xyz'));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect(thrown).toMatchObject({ status_code: 400, message: 'Invalid or malformed pool id format.' });
  });
});

describe('blockfrost-js 6.2.0: stake snapshots and delegators', () => {
  const EPOCH = 7;
  const POOL_ID = poolIdFromHash('d1'.repeat(28));
  /** More delegators than one page, so the *All helpers must page. */
  const DELEGATORS = 130;
  const views: string[] = [];
  let api: BlockFrostAPI;
  let stakesApp: NestFastifyApplication;
  let closeStakesDb: () => Promise<void>;

  beforeAll(async () => {
    const db = await openTestDatabase();
    closeStakesDb = db.close;
    const seed = new ChainSeed(db.sql);
    await seed.block({ hash: 'e7'.repeat(32), height: 1, slot: 1, epoch: EPOCH, epochSlot: 0, time: 1 });
    const tx = await seed.tx('f7'.repeat(32));
    await seed.poolRegistration(tx, poolIdToHash(POOL_ID)!);
    // Credentials in increasing order, so the ledger's order is the seeding order.
    for (let i = 0; i < DELEGATORS; i++) {
      const hash = (0x100 + i).toString(16).padStart(56, '0');
      const view = stakeAddressFromCredential({ type: 'key', hash }, 1);
      views.push(view);
      const id = await seed.stakeAddress(view, `e1${hash}`);
      await seed.stakeRegistration(tx, id, false, 2 * i);
      await seed.delegation(tx, id, poolIdToHash(POOL_ID)!, 2 * i + 1);
      await seed.balances(id, { utxo: String(1000 + i) });
      for (const epoch of [EPOCH - 1, EPOCH])
        await db.sql.query(
          `INSERT INTO epoch_stake (epoch, position, stake_address_id, pool_hash, amount, rewards)
           VALUES ($1, $2, $3, decode($4, 'hex'), $5, 0)`,
          [epoch, i + 1, id, poolIdToHash(POOL_ID), String(epoch * 1000 + i)],
        );
    }
    stakesApp = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false' }));
    api = client(await listen(stakesApp));
  });
  afterAll(async () => {
    await stakesApp?.close();
    await closeStakesDb?.();
  });

  const stakeOf = (epoch: number) => (view: string, i: number) => ({
    stake_address: view,
    pool_id: POOL_ID,
    amount: String(epoch * 1000 + i),
  });

  it('epochsStakes and epochsStakesAll page the distribution in the ledger’s order', async () => {
    const all = views.map(stakeOf(EPOCH));
    expect(await api.epochsStakes(EPOCH, { count: 2, page: 3 })).toEqual(all.slice(4, 6));
    expect(await api.epochsStakesAll(EPOCH)).toEqual(all);
    expect(schemaErrors('/epochs/{number}/stakes', 200, all)).toEqual([]);
  });

  it('epochsStakesByPoolId and epochsStakesByPoolIdAll page the pool’s part', async () => {
    const all = views.map(stakeOf(EPOCH)).map(({ stake_address, amount }) => ({ stake_address, amount }));
    expect(await api.epochsStakesByPoolId(EPOCH, POOL_ID, { count: 5 })).toEqual(all.slice(0, 5));
    expect(await api.epochsStakesByPoolIdAll(EPOCH, POOL_ID)).toEqual(all);
  });

  it('accountsHistory and accountsHistoryAll list an account’s snapshots by epoch', async () => {
    const history = [EPOCH - 1, EPOCH].map((epoch) => ({
      active_epoch: epoch,
      amount: String(epoch * 1000 + 3),
      pool_id: POOL_ID,
    }));
    expect(await api.accountsHistory(views[3]!, { order: 'desc' })).toEqual([...history].reverse());
    expect(await api.accountsHistoryAll(views[3]!)).toEqual(history);
  });

  it('poolsByIdDelegators lists the live delegators with their live stake', async () => {
    const delegators = await api.poolsByIdDelegators(POOL_ID, { count: 2, page: 2 });
    expect(delegators).toEqual([
      { address: views[2], live_stake: '1002' },
      { address: views[3], live_stake: '1003' },
    ]);
    expect(schemaErrors('/pools/{pool_id}/delegators', 200, delegators)).toEqual([]);
  });

  it('surfaces a malformed stake address as BlockfrostServerError with Blockfrost’s 400', async () => {
    const thrown = await failure(api.accountsHistory('stake1xyz'));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect(thrown).toMatchObject({ status_code: 400, message: 'Invalid or malformed stake address format.' });
  });
});

describe('blockfrost-js 6.2.0: governance', () => {
  /** More delegators and certificates of one DRep than one page, so the *All helpers must page. */
  const DELEGATORS = 130;
  const UPDATES = 120;
  const DREP_HASH = 'd1'.repeat(28);
  const DREP = drepIdFromCredential({ type: 'key', hash: DREP_HASH });
  const OTHER = drepIdFromCredential({ type: 'script', hash: 'd2'.repeat(28) });
  const delegators: { address: string; amount: string }[] = [];
  const certificateTx = (i: number) => (0xe000 + i).toString(16).padStart(64, '0');
  const ANCHOR = { url: 'https://example.com/drep.jsonld', hash: 'a7'.repeat(32) };
  let api: BlockFrostAPI;
  let governanceApp: NestFastifyApplication;
  let closeGovernanceDb: () => Promise<void>;

  beforeAll(async () => {
    const db = await openTestDatabase();
    closeGovernanceDb = db.close;
    const seed = new ChainSeed(db.sql);
    await seed.block({
      hash: 'e5'.repeat(32),
      height: 1,
      slot: 100,
      epoch: 7,
      epochSlot: 100,
      time: 1_600_000_000,
    });
    await seed.protocolParameters(7, { delegateRepresentativeMaxIdleTime: 20 });
    for (let i = 0; i < UPDATES; i++) {
      const [deposit, anchor] = i === 0 ? ['500000000', ANCHOR] : [null, null];
      await seed.drepCertificate(await seed.tx(certificateTx(i)), 'key', DREP_HASH, deposit, 0, anchor);
    }
    await seed.governanceAnchor(ANCHOR.url, ANCHOR.hash, { bytes: '7b7d', json: {} });
    const tx = await seed.tx('e6'.repeat(32));
    await seed.drepCertificate(tx, 'script', 'd2'.repeat(28), '500000000');
    for (let i = 0; i < DELEGATORS; i++) {
      const credential = { type: 'key' as const, hash: (0x10000 + i).toString(16).padStart(56, '0') };
      const address = stakeAddressFromCredential(credential, 1);
      const id = await seed.stakeAddress(address, `e1${credential.hash}`);
      await seed.stakeRegistration(tx, id, false, 2 * i);
      await seed.voteDelegation(tx, id, 'key', DREP_HASH, 2 * i + 1);
      await seed.balances(id, { utxo: `${1_000_000 + i}` });
      delegators.push({ address, amount: `${1_000_000 + i}` });
    }
    await seed.drepSnapshot(7, { id: DREP, kind: 'key', hash: DREP_HASH }, '130000000');
    await seed.committeeSnapshot(
      7,
      [2, 3],
      [
        {
          coldKind: 'key',
          coldHash: 'c5'.repeat(28),
          status: 'active',
          mandateEpoch: 70,
          hot: { status: 'none' },
        },
      ],
    );
    governanceApp = await startApp(testConfig(db.database, { RATE_LIMIT_ENABLED: 'false' }));
    api = client(await listen(governanceApp));
  });
  afterAll(async () => {
    await governanceApp?.close();
    await closeGovernanceDb?.();
  });

  it('dreps lists the DReps, pages and orders by voting power', async () => {
    const dreps = await api.governance.dreps();
    expect(dreps.map((drep) => drep.drep_id)).toEqual([DREP, OTHER]);
    expect(schemaErrors('/governance/dreps', 200, dreps)).toEqual([]);
    expect((await api.governance.dreps({ count: 1, page: 2 })).map((drep) => drep.drep_id)).toEqual([OTHER]);
    expect(
      (await api.governance.dreps({ order: 'desc' }, { order_by: 'amount' })).map((drep) => drep.amount),
    ).toEqual(['130000000', '0']);
  });

  it('drepsById returns the API body', async () => {
    const drep = await api.governance.drepsById(DREP);
    expect(drep).toEqual({
      drep_id: DREP,
      hex: `22${DREP_HASH}`,
      amount: '130000000',
      active: true,
      active_epoch: 7,
      has_script: false,
      retired: false,
      expired: false,
      last_active_epoch: 7,
    });
  });

  it('drepsByIdDelegators and drepsByIdDelegatorsAll page through more than 100 delegators', async () => {
    expect(await api.governance.drepsByIdDelegators(DREP, { count: 2, page: 3 })).toEqual(
      delegators.slice(4, 6),
    );
    expect(await api.governance.drepsByIdDelegatorsAll(DREP)).toEqual(delegators);
    expect(await api.governance.drepsByIdDelegatorsAll(DREP, { order: 'desc', batchSize: 3 })).toEqual(
      [...delegators].reverse(),
    );
  });

  it('drepsByIdUpdates and drepsByIdUpdatesAll page through more than 100 certificates', async () => {
    const updates = Array.from({ length: UPDATES }, (_, i) => ({
      tx_hash: certificateTx(i),
      cert_index: 0,
      action: i === 0 ? 'registered' : 'updated',
      deposit: i === 0 ? '500000000' : null,
    }));
    expect(await api.governance.drepsByIdUpdates(DREP, { count: 1 })).toEqual(updates.slice(0, 1));
    expect(await api.governance.drepsByIdUpdatesAll(DREP)).toEqual(updates);
  });

  it('drepsByIdMetadata returns the API body', async () => {
    expect(await api.governance.drepsByIdMetadata(DREP)).toEqual({
      drep_id: DREP,
      hex: `22${DREP_HASH}`,
      url: ANCHOR.url,
      hash: ANCHOR.hash,
      json_metadata: {},
      bytes: '\\x7b7d',
    });
  });

  it('committee returns the API body', async () => {
    const committee = await api.governance.committee();
    expect(committee).toMatchObject({ quorum: { numerator: 2, denominator: 3 }, is_dissolved: false });
    expect(committee.members.map((member) => [member.cc_cold_hex, member.status])).toEqual([
      ['c5'.repeat(28), 'not_authorized'],
    ]);
    expect(schemaErrors('/governance/committee', 200, committee)).toEqual([]);
  });

  it('surfaces a malformed DRep id as BlockfrostServerError with Blockfrost’s 400', async () => {
    const thrown = await failure(api.governance.drepsById('drep_vkh1xyz'));
    expect(thrown).toBeInstanceOf(BlockfrostServerError);
    expect(thrown).toMatchObject({ status_code: 400, message: 'Invalid or malformed drep id.' });
  });
});
