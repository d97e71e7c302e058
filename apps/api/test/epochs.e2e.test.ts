import { poolIdFromHash } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ogmiosVectorParameters, storeProtocolParameters } from './support/evaluate-cases.js';
import { describeErrorFixtures, fixtures } from './support/error-fixtures.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed } from './support/seed.js';
import {
  get,
  getValid,
  openTestDatabase,
  startApp,
  testConfig,
  type TestContext,
} from './support/test-app.js';

const parameters = ogmiosVectorParameters();
const NONCE_5 = '5a'.repeat(32);
const NONCE_7 = '7b'.repeat(32);
const ENDPOINT = '/epochs/{number}/parameters';

let app: NestFastifyApplication;
let db: TestContext & { close(): Promise<void> };

async function request(url: string) {
  const response = await get(app, url);
  const endpoint = url.includes('latest') ? '/epochs/latest/parameters' : ENDPOINT;
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database));
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /epochs/{number}/parameters and /epochs/latest/parameters', () => {
  it('answers 404 before the indexer stored any parameters', async () => {
    const response = await request('/epochs/latest/parameters');
    expect(response.status).toBe(404);
  });

  it('serves the stored parameters of an epoch in Blockfrost’s shape, the newest as latest', async () => {
    await storeProtocolParameters(db.sql, 5, parameters, NONCE_5);
    await storeProtocolParameters(db.sql, 7, parameters, NONCE_7);

    const epoch5 = await request('/epochs/5/parameters');
    expect(epoch5.status).toBe(200);
    expect(epoch5.body).toMatchObject({
      epoch: 5,
      nonce: NONCE_5,
      min_fee_a: parameters.minFeeCoefficient,
      min_fee_b: parameters.minFeeConstant.ada.lovelace,
      key_deposit: String(parameters.stakeCredentialDeposit.ada.lovelace),
      max_tx_ex_steps: BigInt(parameters.maxExecutionUnitsPerTransaction.cpu).toString(),
      protocol_major_ver: parameters.version.major,
      cost_models_raw: {
        PlutusV1: parameters.plutusCostModels['plutus:v1'],
        PlutusV2: parameters.plutusCostModels['plutus:v2'],
        PlutusV3: parameters.plutusCostModels['plutus:v3'],
      },
    });
    expect(epoch5.body.cost_models.PlutusV1['addInteger-cpu-arguments-intercept']).toBe(
      parameters.plutusCostModels['plutus:v1'][0],
    );

    const latest = await request('/api/v0/epochs/latest/parameters');
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual({ ...epoch5.body, epoch: 7, nonce: NONCE_7 });
  });

  it('serves a rewritten row’s new parameters, never the answer mapped from the old one', async () => {
    await storeProtocolParameters(db.sql, 9, parameters, NONCE_5);
    const before = await request('/epochs/latest/parameters');
    expect(before.body).toMatchObject({ epoch: 9, min_fee_a: parameters.minFeeCoefficient, nonce: NONCE_5 });

    // As the indexer refreshes an epoch's row: same epoch, new answer.
    await db.sql.query(
      `UPDATE protocol_parameters SET params = jsonb_set(params, '{minFeeCoefficient}', $1::jsonb),
         nonce = decode($2, 'hex') WHERE epoch = 9`,
      [JSON.stringify(parameters.minFeeCoefficient + 1), NONCE_7],
    );
    const after = await request('/epochs/latest/parameters');
    expect(after.body).toEqual({
      ...before.body,
      min_fee_a: parameters.minFeeCoefficient + 1,
      nonce: NONCE_7,
    });
    expect(await request('/epochs/9/parameters')).toMatchObject({ body: after.body });
  });

  it('answers 404 for an epoch it has no parameters of', async () => {
    const response = await request('/epochs/6/parameters');
    expect(response.body).toEqual({
      status_code: 404,
      error: 'Not Found',
      message: 'The requested component has not been found.',
    });
  });

  it.each([
    ['abc', 'params/number must be integer'],
    ['1.5', 'params/number must be integer'],
    ['-1', 'Missing, out of range or malformed epoch_number.'],
    ['2147483648', 'Missing, out of range or malformed epoch_number.'],
  ])('rejects epoch %s with Blockfrost’s 400', async (number, message) => {
    const response = await request(`/epochs/${number}/parameters`);
    expect(response.body).toEqual({ status_code: 400, error: 'Bad Request', message });
  });
});

/** The mainnet era history as /network/eras shows it, stored as the indexer stores Ogmios' era summaries. */
async function storeMainnetEras(sql: TestContext['sql']): Promise<void> {
  const [eras] = fixtures('mainnet-network-eras.json');
  for (const [index, era] of (eras!.response as any[]).entries()) {
    // The current era's end is the node's forecast, which the fixture leaves to a matcher.
    const end = typeof era.end?.time === 'number' ? era.end : null;
    await sql.query(
      `INSERT INTO era_summary (index, start_time, start_slot, start_epoch, end_time, end_slot, end_epoch,
         epoch_length, slot_length_ms, safe_zone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        index,
        era.start.time,
        era.start.slot,
        era.start.epoch,
        end?.time ?? null,
        end?.slot ?? null,
        end?.epoch ?? null,
        era.parameters.epoch_length,
        era.parameters.slot_length * 1000,
        era.parameters.safe_zone,
      ],
    );
  }
}

const POOL_A = poolIdFromHash('aa'.repeat(28));
const POOL_B = poolIdFromHash('bb'.repeat(28));
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

describe('GET /epochs/latest, /epochs/{number}, /next, /previous and /blocks from the blocks', () => {
  const blocksOf: Record<number, string[]> = {};

  it('answers 404 for the latest epoch before the first block', async () => {
    expect((await get(app, '/epochs/latest')).status).toBe(404);
  });

  it('seeds a chain across the Byron-Shelley boundary', async () => {
    const seed = new ChainSeed(db.sql);
    await seed.genesis('45000000000000000');
    await storeMainnetEras(db.sql);
    // The genesis pseudo-block belongs to no epoch.
    await seed.block({
      hash: hashOf(999),
      height: null,
      slot: 0,
      epoch: 0,
      epochSlot: null,
      time: 1,
      era: 'genesis',
    });
    let n = 0;
    const block = async (epoch: number, time: number, fields: Record<string, unknown> = {}) => {
      n++;
      await seed.block({ hash: hashOf(n), height: n, slot: n, epoch, epochSlot: n, time, ...fields } as any);
      (blocksOf[epoch] ??= []).push(hashOf(n));
    };
    // Epoch 207 (Byron): a boundary block and two blocks; 208 … 210 (Shelley): one block each; 242: three
    // blocks by two pools; nothing in between.
    await block(207, 1595627091, {
      isEbb: true,
      height: null,
      epochSlot: null,
      slotLeader: 'Epoch boundary slot leader',
    });
    await block(207, 1595627111, {
      txCount: 2,
      outSum: '1000',
      fees: '340000',
      slotLeader: 'ByronGenesis-1',
    });
    await block(207, 1596059071, { txCount: 1, outSum: '25', fees: '170000', slotLeader: 'ByronGenesis-2' });
    await block(208, 1596059091, { slotLeader: POOL_A });
    await block(209, 1596491091, { txCount: 1, outSum: '7', fees: '1', slotLeader: POOL_A });
    await block(210, 1596923091, { slotLeader: POOL_B });
    await block(242, 1610747091, { slotLeader: POOL_A });
    await block(242, 1611179076, { txCount: 3, outSum: '300', fees: '9', slotLeader: POOL_B });
    await block(242, 1611179080, { slotLeader: POOL_A });
  });

  it('sums an epoch over its blocks and takes its bounds from the era history, as blockfrost-tests expects', async () => {
    const [generic] = fixtures('mainnet-epochs-number.json');
    const { start_time, end_time } = generic!.response;
    const { body } = await getValid(app, '/epochs/{number}', `/${generic!.endpoints[0]}`);
    expect(body).toEqual({
      epoch: 242,
      start_time,
      end_time,
      first_block_time: 1610747091,
      last_block_time: 1611179080,
      block_count: 3,
      tx_count: 3,
      output: '300',
      fees: '9',
      active_stake: null,
    });
    expect((await getValid(app, '/epochs/latest', '/epochs/latest')).body).toEqual(body);
  });

  it('counts boundary blocks and answers 0 for an epoch without transactions', async () => {
    const epoch207 = (await getValid(app, '/epochs/{number}', '/epochs/207')).body;
    expect(epoch207).toMatchObject({ block_count: 3, tx_count: 3, output: '1025', fees: '510000' });
    const epoch208 = (await getValid(app, '/epochs/{number}', '/epochs/208')).body;
    expect(epoch208).toMatchObject({ block_count: 1, tx_count: 0, output: '0', fees: '0' });
  });

  it('pages the epochs around one by number, Byron and Shelley bounds as blockfrost-tests expects', async () => {
    const previous = fixtures('mainnet-epochs-number-previous.json').find((f) => Array.isArray(f.response))!;
    const { body } = await getValid(app, '/epochs/{number}/previous', `/${previous.endpoints[0]}`);
    // Only 207 … 209 of the fixture's epochs have blocks here.
    expect(body.map((e: any) => e.epoch)).toEqual([207, 208, 209]);
    for (const epoch of body) {
      const bounds = previous.response.find((e: any) => e.epoch === epoch.epoch);
      expect([epoch.start_time, epoch.end_time]).toEqual([bounds.start_time, bounds.end_time]);
    }
    const next = await getValid(app, '/epochs/{number}/next', '/epochs/207/next?count=2');
    expect(next.body.map((e: any) => e.epoch)).toEqual([208, 209]);
    const far = await getValid(app, '/epochs/{number}/next', '/epochs/210/next?count=40');
    expect(far.body.map((e: any) => e.epoch)).toEqual([242]);
    const later = await getValid(app, '/epochs/{number}/next', '/epochs/210/next?count=2&page=2');
    expect(later.body).toEqual([]);
    expect((await getValid(app, '/epochs/{number}/previous', '/epochs/242/previous?count=34')).body).toEqual(
      [208, 209, 210].map((epoch) => expect.objectContaining({ epoch })),
    );
  });

  it('answers active_stake as the total of the epoch’s stake snapshot, null where it has none', async () => {
    // As the indexer stores them: 209's snapshot of two accounts, 210's of none; 208 has no snapshot.
    await db.sql.query(
      `INSERT INTO epoch_stake (epoch, position, stake_address_id, pool_hash, amount, rewards) VALUES
         (209, 1, 1, decode(repeat('aa', 28), 'hex'), 4000000, 0), (209, 2, 2, decode(repeat('bb', 28), 'hex'), 25, 5)`,
    );
    await db.sql.query(`INSERT INTO epoch_stake_snapshot (epoch, taken_in_epoch, slot, accounts, amount)
      VALUES (209, 208, 5, 2, 4000025), (210, 209, 6, 0, 0)`);
    const activeStake = (epochs: { epoch: number; active_stake: string | null }[]) =>
      epochs.map(({ epoch, active_stake }) => [epoch, active_stake]);
    expect((await getValid(app, '/epochs/{number}', '/epochs/209')).body.active_stake).toBe('4000025');
    expect(activeStake((await getValid(app, '/epochs/{number}/next', '/epochs/207/next')).body)).toEqual([
      [208, null],
      [209, '4000025'],
      [210, null],
      [242, null],
    ]);
    expect(
      activeStake((await getValid(app, '/epochs/{number}/previous', '/epochs/210/previous')).body),
    ).toEqual([
      [207, null],
      [208, null],
      [209, '4000025'],
    ]);
    await db.sql.query(`INSERT INTO epoch_stake_snapshot (epoch, taken_in_epoch, slot, accounts, amount)
      VALUES (242, 241, 7, 1, 9)`);
    expect((await getValid(app, '/epochs/latest', '/epochs/latest')).body.active_stake).toBe('9');
    // Put the index back as the other tests expect it.
    await db.sql.query('DELETE FROM epoch_stake');
    await db.sql.query('DELETE FROM epoch_stake_snapshot');
  });

  it('keeps only the figures no rollback can change any more', async () => {
    // k = 3: the blocks of 207 … 209 are more than 3 blocks below the tip, those of 210 and 242 are not.
    await db.sql.query('UPDATE genesis SET security_param = 3');
    const before = (await getValid(app, '/epochs/{number}/next', '/epochs/207/next?count=100')).body;
    const epoch242 = before.find((e: { epoch: number }) => e.epoch === 242);
    // As a rollback of the tip's block, and a change no rollback could make to settled epoch 208.
    await db.sql.query(`UPDATE block SET tx_count = tx_count + 5 WHERE epoch = 208`);
    await db.sql.query(
      `CREATE TABLE rolled_back AS SELECT * FROM block WHERE id = (SELECT max(id) FROM block)`,
    );
    await db.sql.query(`DELETE FROM block WHERE id IN (SELECT id FROM rolled_back)`);
    const after = (await getValid(app, '/epochs/{number}/next', '/epochs/207/next?count=100')).body;
    expect(after.find((e: { epoch: number }) => e.epoch === 208)).toEqual(before[0]);
    expect(after.find((e: { epoch: number }) => e.epoch === 242)).toEqual({
      ...epoch242,
      block_count: 2,
      last_block_time: 1611179076,
    });
    expect((await getValid(app, '/epochs/{number}', '/epochs/208')).body).toEqual(before[0]);
    expect((await getValid(app, '/epochs/latest', '/epochs/latest')).body).toMatchObject({ block_count: 2 });
    // Put the chain back as the other tests expect it.
    await db.sql.query(`UPDATE block SET tx_count = tx_count - 5 WHERE epoch = 208`);
    await db.sql.query(`INSERT INTO block SELECT * FROM rolled_back`);
    await db.sql.query(`DROP TABLE rolled_back`);
  });

  it('lists an epoch’s block hashes in chain order, paged, and a pool’s among them', async () => {
    expect((await getValid(app, '/epochs/{number}/blocks', '/epochs/207/blocks')).body).toEqual(
      blocksOf[207],
    );
    expect(
      (await getValid(app, '/epochs/{number}/blocks', '/epochs/207/blocks?count=2&page=1&order=desc')).body,
    ).toEqual([...blocksOf[207]!].reverse().slice(0, 2));
    expect(
      (await getValid(app, '/epochs/{number}/blocks', '/epochs/207/blocks?count=2&page=2')).body,
    ).toEqual(blocksOf[207]!.slice(2));
    const endpoint = '/epochs/{number}/blocks/{pool_id}';
    expect((await getValid(app, endpoint, `/epochs/242/blocks/${POOL_A}`)).body).toEqual([
      blocksOf[242]![0],
      blocksOf[242]![2],
    ]);
    expect((await getValid(app, endpoint, `/epochs/242/blocks/${POOL_B}?order=desc`)).body).toEqual([
      blocksOf[242]![1],
    ]);
    // A pool the index knows, without blocks in that epoch.
    expect((await getValid(app, endpoint, `/epochs/208/blocks/${POOL_B}`)).body).toEqual([]);
  });

  it.each([
    ['/epochs/300', '/epochs/{number}'],
    ['/epochs/300/next', '/epochs/{number}/next'],
    ['/epochs/300/previous', '/epochs/{number}/previous'],
    ['/epochs/300/blocks', '/epochs/{number}/blocks'],
    [`/epochs/300/blocks/${POOL_A}`, '/epochs/{number}/blocks/{pool_id}'],
    [`/epochs/242/blocks/${poolIdFromHash('cc'.repeat(28))}`, '/epochs/{number}/blocks/{pool_id}'],
    ['/epochs/242/blocks/abcd', '/epochs/{number}/blocks/{pool_id}'],
  ])(
    'answers 404 for %s, an epoch without blocks or a pool the index does not know',
    async (url, endpoint) => {
      const { body } = await getValid(app, endpoint, url);
      expect(body).toEqual({
        status_code: 404,
        error: 'Not Found',
        message: 'The requested component has not been found.',
      });
    },
  );

  it('checks the epoch before the pool, as Blockfrost does', async () => {
    const malformedPool = await getValid(
      app,
      '/epochs/{number}/blocks/{pool_id}',
      '/epochs/300/blocks/pool1xyz',
    );
    expect(malformedPool.status).toBe(404);
    const knownEpoch = await getValid(
      app,
      '/epochs/{number}/blocks/{pool_id}',
      '/epochs/242/blocks/pool1xyz',
    );
    expect(knownEpoch.body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed pool id format.',
    });
  });

  describeErrorFixtures(
    {
      '/epochs/{number}': 'epochs-number',
      '/epochs/{number}/next': 'epochs-number-next',
      '/epochs/{number}/previous': 'epochs-number-previous',
      '/epochs/{number}/blocks': 'epochs-number-blocks',
      '/epochs/{number}/blocks/{pool_id}': 'epochs-number-blocks-pool',
    },
    ['mainnet'],
  );
});
