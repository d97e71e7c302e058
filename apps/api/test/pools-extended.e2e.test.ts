import { poolIdFromHash, poolIdToHash } from '@frostline/model';
import { describeErrorFixtures } from './support/error-fixtures.js';
import { seedPoolRegistration } from './support/pool-certificates.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, getValid, seededApp } from './support/test-app.js';

// GET /pools/extended: /pools' page with the figures /pools/{pool_id} gives each pool
// (docs/semantics.md#pools-what-comes-from-the-ledger) and its metadata as /pools/{pool_id}/metadata shows it.

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const poolOf = (byte: string) => poolIdFromHash(byte.repeat(28));
const WITH_FILE = poolOf('a1');
const NO_METADATA = poolOf('a2');
const NOT_FETCHED = poolOf('a3');
const RETIRED = poolOf('a4');
const TIP_EPOCH = 402;
const URL_A = 'https://alps.example/p.json';

let block = 0;
let txs = 0;
async function nextBlock(epoch: number, leader = 'pool1someoneelse'): Promise<void> {
  await stack.seed.numberedBlock(++block, epoch, leader);
}

async function register(poolId: string, pledge: string, url: string | null, hash: string | null) {
  return seedPoolRegistration(stack.seed, hashOf(5000 + ++txs), {
    pool_id: poolId,
    vrf_key: 'b5'.repeat(32),
    pledge,
    margin_cost: 0.05,
    fixed_cost: '340000000',
    reward_account: 'stake1u98nnlkvkk23vtvf9273uq7cph5ww6u2yq2389psuqet90sv4xv9v',
    owners: [],
    url,
    hash,
  });
}

const stack = seededApp(async (seed, db) => {
  await seed.genesis('45000000000000000');
  await seed.protocolParameters(TIP_EPOCH, { desiredNumberOfStakePools: 500 });
  await nextBlock(400);
  await register(WITH_FILE, '100', URL_A, 'aa'.repeat(32));
  await db.sql.query(`INSERT INTO pool_metadata (url, hash, metadata) VALUES ($1, $2, $3)`, [
    URL_A,
    'aa'.repeat(32),
    JSON.stringify({ ticker: 'ALPS', name: 'Alps', description: 'High', homepage: 'https://alps.example' }),
  ]);
  await register(NO_METADATA, '200', null, null);
  await register(NOT_FETCHED, '300', 'https://later.example/p.json', 'bb'.repeat(32));
  await register(RETIRED, '400', null, null);
  await seed.poolRetirement(await seed.tx(hashOf(++txs)), poolIdToHash(RETIRED)!, 401);
  // A newer registration of the first pool replaces its parameters.
  await nextBlock(401);
  await register(WITH_FILE, '150', URL_A, 'aa'.repeat(32));
  for (let n = 0; n < 3; n++) await nextBlock(TIP_EPOCH, WITH_FILE);
  await nextBlock(TIP_EPOCH, NOT_FETCHED);
});

describe('GET /pools/extended', () => {
  it('answers the ledger’s figures null until a pool snapshot holds them, where the schema has no null', async () => {
    const { status, body } = await get(stack.app, '/pools/extended');
    expect(status).toBe(200);
    expect(body.map((p: { pool_id: string }) => p.pool_id)).toEqual([WITH_FILE, NO_METADATA, NOT_FETCHED]);
    expect(body[0]).toMatchObject({ active_stake: null, live_stake: null, live_saturation: null });
    expect(schemaErrors('/pools/extended', status, body)).toEqual(
      [0, 1, 2].flatMap((i) => [
        `/${i}/active_stake must be string`,
        `/${i}/live_stake must be string`,
        `/${i}/live_saturation must be number`,
      ]),
    );
  });

  it('gives each pool of /pools’ page the figures /pools/{pool_id} gives it', async () => {
    await stack.seed.poolSnapshot(TIP_EPOCH - 1, '8000000000000000', [[poolIdToHash(WITH_FILE)!, '5000000']]);
    await stack.seed.poolSnapshot(TIP_EPOCH, '7900000000000000', [
      [poolIdToHash(WITH_FILE)!, '6000000'],
      [poolIdToHash(NOT_FETCHED)!, '7000000'],
    ]);
    const { body } = await getValid(stack.app, '/pools/extended', '/pools/extended');
    const saturation = (stake: number) => stake / ((45e15 - 7.9e15) / 500);
    expect(body).toEqual([
      {
        pool_id: WITH_FILE,
        hex: poolIdToHash(WITH_FILE),
        active_stake: '5000000',
        live_stake: '6000000',
        live_saturation: saturation(6000000),
        blocks_minted: 3,
        declared_pledge: '150',
        margin_cost: 0.05,
        fixed_cost: '340000000',
        metadata: {
          url: URL_A,
          hash: 'aa'.repeat(32),
          ticker: 'ALPS',
          name: 'Alps',
          description: 'High',
          homepage: 'https://alps.example',
        },
      },
      expect.objectContaining({ pool_id: NO_METADATA, active_stake: '0', live_stake: '0', metadata: null }),
      expect.objectContaining({
        pool_id: NOT_FETCHED,
        active_stake: '0',
        live_stake: '7000000',
        live_saturation: saturation(7000000),
        blocks_minted: 1,
        declared_pledge: '300',
        metadata: {
          url: 'https://later.example/p.json',
          hash: 'bb'.repeat(32),
          ticker: null,
          name: null,
          description: null,
          homepage: null,
        },
      }),
    ]);
    // The schema's field order.
    expect(Object.keys(body[0])).toEqual([
      'pool_id',
      'hex',
      'active_stake',
      'live_stake',
      'live_saturation',
      'blocks_minted',
      'declared_pledge',
      'margin_cost',
      'fixed_cost',
      'metadata',
    ]);
    for (const pool of body) {
      const single = (await get(stack.app, `/pools/${pool.pool_id}`)).body;
      for (const key of ['active_stake', 'live_stake', 'live_saturation', 'blocks_minted', 'declared_pledge'])
        expect({ key, value: pool[key] }).toEqual({ key, value: single[key] });
    }
  });

  it('pages and orders as /pools does', async () => {
    const all = (await get(stack.app, '/pools')).body as string[];
    const ids = async (url: string) =>
      ((await getValid(stack.app, '/pools/extended', url)).body as { pool_id: string }[]).map(
        (p) => p.pool_id,
      );
    expect(await ids('/pools/extended?order=desc')).toEqual([...all].reverse());
    expect(await ids('/pools/extended?count=1&page=2')).toEqual([all[1]]);
    expect(await ids('/pools/extended?count=2&page=3')).toEqual([]);
  });
});

describeErrorFixtures({ '/pools/extended': 'pools-extended' }, ['mainnet']);
