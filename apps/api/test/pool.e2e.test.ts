import { poolIdFromHash, poolIdToHash, rewardAddressBech32ToHex } from '@frostline/model';
import { describeErrorFixtures, fixtures } from './support/error-fixtures.js';
import { seedPoolRegistration } from './support/pool-certificates.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, getValid, seededApp } from './support/test-app.js';

// GET /pools/{pool_id}: the newest registration's parameters from its transaction's CBOR, blocks and
// delegations from the chain, stake from the ledger's pool snapshots (docs/semantics.md#pools-what-comes-from-the-ledger).

const [bestPool] = fixtures('mainnet-pools-pool-id.json');
const BEST = bestPool!.response;
const BEST_HASH = poolIdToHash(BEST.pool_id)!;
const OTHER_HASH = 'c1'.repeat(28);
const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const TIP_EPOCH = 402;
const BLOCKS_BEFORE = 2700;
const BLOCKS_IN_TIP_EPOCH = 3;

let block = 0;
async function nextBlock(epoch: number, leader = 'pool1someoneelse'): Promise<void> {
  await stack.seed.numberedBlock(++block, epoch, leader);
}

/** The best pool's registration with the fixture's parameters, in a transaction `txHash`. */
async function register(txHash: string, pledge: string): Promise<number> {
  return seedPoolRegistration(stack.seed, txHash, { ...BEST, pledge, url: null, hash: null });
}

/** A registered stake account delegated to `poolHash`, with `utxo` lovelace and `reward` withdrawable. */
async function delegator(n: number, txId: number, poolHash: string, utxo: string, reward = '0') {
  const hashRaw = `e1${n.toString(16).padStart(56, '0')}`;
  const id = await stack.seed.stakeAddress(`stake_delegator_${n}`, hashRaw);
  await stack.seed.stakeRegistration(txId, id, false);
  await stack.seed.delegation(txId, id, poolHash);
  await stack.seed.balances(id, { utxo, reward });
  return id;
}

const stack = seededApp(async (seed) => {
  await seed.genesis('45000000000000000');
  await seed.protocolParameters(TIP_EPOCH, { desiredNumberOfStakePools: 500 });
  await nextBlock(300);
  const [first, second] = BEST.registration as string[];
  const registered = await register(first!, '100000000000');
  // The owner (also the reward account) delegates to the pool; so do fourteen others, of whom one moved
  // on to another pool, one deregistered, one deregistered and registered again in one transaction, which
  // leaves it deregistered (docs/semantics.md#accounts-registration-delegation-and-drep), and one
  // deregistered and registered again later without delegating since, which RYO still counts.
  const owner = await seed.stakeAddress(BEST.owners[0], rewardAddressBech32ToHex(BEST.owners[0])!);
  await seed.stakeRegistration(registered, owner, false);
  await seed.delegation(registered, owner, BEST_HASH);
  await seed.balances(owner, { utxo: '300000000000', reward: '1234' });
  const delegators: number[] = [];
  for (let n = 1; n <= 14; n++) delegators.push(await delegator(n, registered, BEST_HASH, '1000000'));
  await nextBlock(301);
  const later = await seed.tx(hashOf(9001));
  await seed.delegation(later, delegators[0]!, OTHER_HASH);
  await seed.stakeRegistration(later, delegators[1]!, true);
  await seed.stakeRegistration(later, delegators[2]!, true, 1);
  await seed.stakeRegistration(later, delegators[2]!, false, 2);
  await seed.stakeRegistration(later, delegators[3]!, true, 3);
  await seed.stakeRegistration(await seed.tx(hashOf(9002)), delegators[3]!, false);
  await nextBlock(301);
  await register(second!, BEST.declared_pledge);
  for (let n = 0; n < BLOCKS_BEFORE; n++) await nextBlock(301 + Math.floor(n / 1000), BEST.pool_id);
  for (let n = 0; n < BLOCKS_IN_TIP_EPOCH; n++) await nextBlock(TIP_EPOCH, BEST.pool_id);
  await nextBlock(TIP_EPOCH);
});

/** blockfrost-tests' matchers (toBeInRange, toBeGreaterThanOrEqual) as jest asymmetric matchers. */
function withMatchers(expected: any): any {
  if (Array.isArray(expected)) return expected.map(withMatchers);
  if (expected === null || typeof expected !== 'object') return expected;
  if ('$matcher' in expected) {
    const [low, high] = expected.args as (string | number)[];
    const inRange = (value: unknown) =>
      typeof value === typeof low &&
      (typeof low === 'string'
        ? BigInt(value as string) >= BigInt(low) &&
          (high === undefined || BigInt(value as string) <= BigInt(high))
        : (value as number) >= (low as number) &&
          (high === undefined || (value as number) <= (high as number)));
    if (!['toBeInRange', 'toBeGreaterThanOrEqual'].includes(expected.$matcher))
      throw new Error(`unknown matcher ${expected.$matcher}`);
    return { asymmetricMatch: inRange, toAsymmetricMatcher: () => `${expected.$matcher}(${low}, ${high})` };
  }
  return Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, withMatchers(value)]));
}

describe('GET /pools/{pool_id}', () => {
  it('answers the ledger’s figures null until a pool snapshot holds them, where the schema has no null', async () => {
    const url = `/pools/${BEST.pool_id}`;
    const { status, body } = await get(stack.app, url);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      live_stake: null,
      live_size: null,
      live_saturation: null,
      active_stake: null,
      active_size: null,
    });
    // The only departure from the schema: an unknown figure is not made up (docs/semantics.md#pools-what-comes-from-the-ledger).
    expect(schemaErrors('/pools/{pool_id}', status, body)).toEqual([
      '/live_stake must be string',
      '/live_size must be number',
      '/live_saturation must be number',
      '/active_stake must be string',
      '/active_size must be number',
    ]);
  });

  it('answers the best pool as blockfrost-tests expects it, from the chain and the snapshots', async () => {
    // The snapshot the tip epoch's leaders were drawn from (taken at the start of the epoch before), and
    // the newest one, taken at the tip epoch's start.
    await stack.seed.poolSnapshot(TIP_EPOCH - 1, '8000000000000000', [
      [BEST_HASH, '5733527285372'],
      [OTHER_HASH, '19994266472714628'],
    ]);
    await stack.seed.poolSnapshot(TIP_EPOCH, '7900000000000000', [
      [BEST_HASH, '5765436676450'],
      [OTHER_HASH, '18994234563323550'],
    ]);
    for (const url of bestPool!.endpoints) {
      const { body } = await getValid(stack.app, '/pools/{pool_id}', `/${url}`);
      expect(body).toEqual(withMatchers(BEST));
      expect(Object.keys(body)).toEqual(Object.keys(BEST));
      expect(body).toMatchObject({
        blocks_minted: BLOCKS_BEFORE + BLOCKS_IN_TIP_EPOCH,
        blocks_epoch: BLOCKS_IN_TIP_EPOCH,
        live_stake: '5765436676450',
        live_size: 5765436676450 / 19e15,
        live_saturation: 5765436676450 / ((45e15 - 7.9e15) / 500),
        // The owner and the thirteen whose newest delegation is the pool, less the two deregistered.
        live_delegators: 12,
        active_stake: '5733527285372',
        active_size: 5733527285372 / 2e16,
        // The owner's outputs and withdrawable rewards; the newest registration's declared pledge.
        live_pledge: '300000001234',
        declared_pledge: BEST.declared_pledge,
        calidus_key: null,
      });
    }
  });

  it('answers a pool absent from the snapshots with no stake, and 404 for one that never registered', async () => {
    await stack.db.sql.query(`DELETE FROM pool_stake_snapshot WHERE pool_hash = decode($1, 'hex')`, [
      BEST_HASH,
    ]);
    const { body } = await getValid(stack.app, '/pools/{pool_id}', `/pools/${BEST.pool_id}`);
    expect(body).toMatchObject({
      live_stake: '0',
      live_size: 0,
      live_saturation: 0,
      active_stake: '0',
      active_size: 0,
    });
    // A pool that made blocks but never registered: RYO finds no pool_update row for it.
    const blocksOnly = poolIdFromHash('b0'.repeat(28));
    await nextBlock(TIP_EPOCH, blocksOnly);
    const notFound = fixtures('mainnet-pools-pool-id.json').find((f) => f.response.status_code === 404)!;
    for (const url of [`pools/${blocksOnly}`, ...notFound.endpoints])
      expect((await getValid(stack.app, '/pools/{pool_id}', `/${url}`)).body).toEqual(notFound.response);
  });
});

describeErrorFixtures({ '/pools/{pool_id}': 'pools-pool-id' }, ['mainnet']);

describe('GET /pools/{pool_id}/metadata', () => {
  const [updated, broken] = fixtures('mainnet-pools-pool-id-metadata.json');
  let registrations = 0;

  /** A registration of the fixture's pool naming a metadata file at `url`, fetched as `file` (null: not yet). */
  async function registerWithMetadata(
    poolId: string,
    url: string,
    hash: string,
    file: { metadata: object | null; errorCode: string | null; error: string | null } | null,
  ) {
    await seedPoolRegistration(stack.seed, hashOf(5000 + ++registrations), {
      pool_id: poolId,
      vrf_key: BEST.vrf_key,
      pledge: '1',
      margin_cost: 0,
      fixed_cost: '340000000',
      reward_account: BEST.reward_account,
      owners: [],
      url,
      hash,
    });
    if (file !== null)
      await stack.db.sql.query(
        `INSERT INTO pool_metadata (url, hash, metadata, error_code, error) VALUES ($1, $2, $3, $4, $5)`,
        [url, hash, file.metadata && JSON.stringify(file.metadata), file.errorCode, file.error],
      );
  }

  it('shows the stored file’s ticker, name, description and homepage, as blockfrost-tests expects', async () => {
    const expected = updated!.response;
    await nextBlock(TIP_EPOCH);
    await registerWithMetadata(expected.pool_id, 'https://alps.example/p.json', 'aa'.repeat(32), {
      metadata: { ticker: 'ALPS', name: 'Alps', description: 'A pool', homepage: 'https://alps.example' },
      errorCode: null,
      error: null,
    });
    for (const url of updated!.endpoints) {
      const { body } = await getValid(stack.app, '/pools/{pool_id}/metadata', `/${url}`);
      expect(body).toEqual({
        ...expected,
        url: 'https://alps.example/p.json',
        hash: 'aa'.repeat(32),
        name: 'Alps',
        description: 'A pool',
        homepage: 'https://alps.example',
      });
      // The schema's order (the fixture lists hex first).
      expect(Object.keys(body)).toEqual([
        'pool_id',
        'hex',
        'url',
        'hash',
        'ticker',
        'name',
        'description',
        'homepage',
      ]);
    }
  });

  it('shows why the fetch failed while no file is stored, and nulls before any fetch', async () => {
    const expected = broken!.response;
    await registerWithMetadata(expected.pool_id, 'https://git.io/JmBOm', 'bb'.repeat(32), {
      metadata: null,
      errorCode: 'HTTP_RESPONSE_ERROR',
      error: 'https://git.io/JmBOm answered 404',
    });
    for (const url of broken!.endpoints) {
      const { body } = await getValid(stack.app, '/pools/{pool_id}/metadata', `/${url}`);
      expect(body).toEqual({
        ...expected,
        url: 'https://git.io/JmBOm',
        hash: 'bb'.repeat(32),
        error: { code: 'HTTP_RESPONSE_ERROR', message: 'https://git.io/JmBOm answered 404' },
      });
      expect(expected.error.args.map((option: { code: string }) => option.code)).toContain(body.error.code);
    }
    const fresh = poolIdFromHash('d7'.repeat(28));
    await registerWithMetadata(fresh, 'https://fresh.example/p.json', 'cc'.repeat(32), null);
    expect((await getValid(stack.app, '/pools/{pool_id}/metadata', `/pools/${fresh}/metadata`)).body).toEqual(
      {
        pool_id: fresh,
        hex: 'd7'.repeat(28),
        url: 'https://fresh.example/p.json',
        hash: 'cc'.repeat(32),
        ticker: null,
        name: null,
        description: null,
        homepage: null,
      },
    );
  });

  it('answers {} for a pool whose registration names no metadata or that never registered', async () => {
    expect(
      (await getValid(stack.app, '/pools/{pool_id}/metadata', `/pools/${BEST.pool_id}/metadata`)).body,
    ).toEqual({});
    const blocksOnly = poolIdFromHash('b1'.repeat(28));
    await nextBlock(TIP_EPOCH, blocksOnly);
    expect(
      (await getValid(stack.app, '/pools/{pool_id}/metadata', `/pools/${blocksOnly}/metadata`)).body,
    ).toEqual({});
    expect(
      (
        await getValid(
          stack.app,
          '/pools/{pool_id}/metadata',
          `/pools/${poolIdFromHash('99'.repeat(28))}/metadata`,
        )
      ).body,
    ).toMatchObject({ status_code: 404 });
  });
});
