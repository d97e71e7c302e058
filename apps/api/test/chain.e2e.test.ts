import { readFileSync } from 'node:fs';
import { encodeBech32 } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { seedFixtureBlock, seedNextBlock, type BlockBody } from './support/fixture-blocks.js';
import { ChainSeed } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// The chain-level read endpoints on a seeded database: /blocks/latest, /blocks/{hash_or_number},
// /network. (/genesis and /network/eras from what the indexer stores: network.e2e.test.ts.)

const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8'));

interface Fixture {
  testName: string;
  endpoints: string[];
  response: BlockBody;
}

// Real mainnet blocks as blockfrost-tests expects them: the genesis pseudo-block, Byron epoch-boundary
// blocks, the first Byron blocks, Shelley blocks with and without transactions.
const fixtures = testData('mainnet-blocks-hash-or-number.json') as Fixture[];
const fixtureBlock = (name: string) => fixtures.find((f) => f.testName.endsWith(name))!.response;
const GENESIS = fixtureBlock('hash - genesis');
const FIRST_BOUNDARY = fixtureBlock('hash - first boundary');
const BOUNDARY = fixtureBlock('hash - generic boundary');
const FIRST_BLOCKS = [1, 2, 3, 4].map((n) => fixtureBlock(`first blocks ${n}/4`));
const SHELLEY = fixtureBlock('hash - generic shelley');
const SHELLEY_EMPTY = fixtureBlock('generic shelley (no txs)');
/** The height the generic boundary block counts its confirmations from (its fixture's matcher). */
const BEFORE_BOUNDARY_HEIGHT = 518334;
const TIP_HEIGHT = (SHELLEY_EMPTY.height as number) + 1;

const ryoBlockCases = testData('ryo-blocks.fixtures.json').cases as {
  name: string;
  endpoint: string;
  response: Record<string, unknown>;
}[];
const ryoCase = (name: string) => ryoBlockCases.find((c) => c.name === name)!;

const hash = (n: number) => n.toString(16).padStart(64, '0');
/** A mainnet Shelley address: header byte, then credentials (one for enterprise, two for base) of `byte`. */
const address = (header: number, byte: number, credentials: number) =>
  encodeBech32('addr', Uint8Array.from([header, ...new Array(28 * credentials).fill(byte)]));
// CIP-19 header types (high nibble): 0 base key/key, 1 base script/key, 6 enterprise key, 7 enterprise script.
const BASE_KEY = address(0x01, 1, 2);
const BASE_SCRIPT = address(0x11, 2, 2);
const ENTERPRISE_KEY = address(0x61, 3, 1);
const ENTERPRISE_SCRIPT = address(0x71, 4, 1);
const BYRON = 'Ae2tdPwUPEYwNguM7TB3dMnZMfZxn1pjGHyGdjaF4mFqZF9L3bj6cdhiH8t';
const STAKE = 'stake1u9fzg77vrgfqlplkjqe9hntdcvsurpvxd60yp2fhn73002qsv9pdk';
const STAKE_RAW = 'e152247bcc1a120f87f690325bcd6dc321c185866e9e40a9379fa2f7a8';
const DEREGISTERED = 'stake1u8zu4smzyf2r2mfqjd6tc6vxf2p8rccdfk82ye3eut2udkgs46q0w';
const DEREGISTERED_RAW = 'e1c5cac362225435692093749e3586aa827e30d4d8ea26639e2d5c6d91';
const POOL = '3bc1bf1a04ba85d8fd6119a08ee7f4ad659add075e2208b2886254a1';

let app: NestFastifyApplication;
let close: () => Promise<void>;

/** Every 2xx and error body is checked against the spec for its endpoint and status. */
const request = (endpoint: string, url: string) => getValid(app, endpoint, url);

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.genesis('45000000000000000');
  await seedFixtureBlock(seed, GENESIS, { slot: 0, era: 'genesis' });
  await seedFixtureBlock(seed, FIRST_BOUNDARY, { slot: 0 });
  for (const block of FIRST_BLOCKS) await seedFixtureBlock(seed, block);
  await seedNextBlock(seed, FIRST_BLOCKS[3].next_block!, 5, 4);
  await seedNextBlock(seed, BOUNDARY.previous_block as string, BEFORE_BOUNDARY_HEIGHT, 518399);
  await seedFixtureBlock(seed, BOUNDARY, { slot: 24 * 21600 });
  await seedNextBlock(seed, BOUNDARY.next_block!, BEFORE_BOUNDARY_HEIGHT + 1, 24 * 21600);
  await seedFixtureBlock(seed, SHELLEY);
  await seedNextBlock(
    seed,
    SHELLEY.next_block!,
    (SHELLEY.height as number) + 1,
    (SHELLEY.slot as number) + 1,
  );
  await seedFixtureBlock(seed, SHELLEY_EMPTY);

  // The tip block holds the outputs /network sums.
  await seedNextBlock(seed, SHELLEY_EMPTY.next_block!, TIP_HEIGHT, (SHELLEY_EMPTY.slot as number) + 1);
  const stakeId = await seed.stakeAddress(STAKE, STAKE_RAW);
  const deregisteredId = await seed.stakeAddress(DEREGISTERED, DEREGISTERED_RAW);
  const tx = await seed.tx(hash(1));
  await seed.output(tx, 0, {
    address: BASE_KEY,
    paymentCred: '01'.repeat(28),
    value: '1000',
    stakeAddressId: stakeId,
  });
  await seed.output(tx, 1, { address: BASE_SCRIPT, paymentCred: '02'.repeat(28), value: '20000' });
  await seed.output(tx, 2, { address: ENTERPRISE_KEY, paymentCred: '03'.repeat(28), value: '300000' });
  await seed.output(tx, 3, { address: ENTERPRISE_SCRIPT, paymentCred: '04'.repeat(28), value: '4000000' });
  await seed.output(tx, 4, { address: BYRON, value: '50000000' });
  const spent = await seed.output(tx, 5, {
    address: ENTERPRISE_SCRIPT,
    paymentCred: '04'.repeat(28),
    value: '7',
  });
  await seed.spend(spent, tx);
  await seed.stakeRegistration(tx, stakeId, false);
  await seed.delegation(tx, stakeId, POOL);
  await seed.stakeRegistration(tx, deregisteredId, false, 1);
  await seed.delegation(tx, deregisteredId, POOL, 2);
  await seed.stakeRegistration(tx, deregisteredId, true, 3);
  await seed.balances(stakeId, { utxo: '1000', reward: '600000000' });
  await seed.balances(deregisteredId, { reward: '80' });

  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app.close();
  await close();
});

describe('GET /blocks/{hash_or_number}', () => {
  const endpoint = '/blocks/{hash_or_number}';
  const expected = (block: BlockBody, countFrom = block.height ?? 0) => ({
    ...block,
    confirmations: TIP_HEIGHT - countFrom,
  });

  it.each([
    ['the genesis pseudo-block', GENESIS, 0],
    ['the first epoch-boundary block', FIRST_BOUNDARY, 0],
    ['an epoch-boundary block', BOUNDARY, BEFORE_BOUNDARY_HEIGHT],
    ...FIRST_BLOCKS.map((block) => [`Byron block ${block.height}`, block, block.height] as const),
    ['a Shelley block', SHELLEY, SHELLEY.height],
    ['a Shelley block without transactions', SHELLEY_EMPTY, SHELLEY_EMPTY.height],
  ] as const)(
    'serves %s by hash and by height as blockfrost-tests expects',
    async (_name, block, countFrom) => {
      const urls = [
        `/blocks/${block.hash}`,
        ...(block.height === null ? [] : [`/api/v0/blocks/${block.height}`]),
      ];
      for (const url of urls) {
        const { status, body } = await request(endpoint, url);
        expect([status, body]).toEqual([200, expected(block, countFrom as number)]);
      }
    },
  );

  it('counts confirmations above zero below the tip (Mesh waits for them)', async () => {
    const { body } = await request(endpoint, `/blocks/${SHELLEY_EMPTY.hash}`);
    expect(body.confirmations).toBe(1);
  });

  it.each([
    [ryoCase('respond with 400_2 on /blocks/:hash_or_number').endpoint, 'Missing or malformed block hash.'],
    ['/blocks/6969696969696969', 'Missing, out of range or malformed block number.'],
    ['/blocks/-1', 'Missing, out of range or malformed block number.'],
    [`/blocks/${SHELLEY.hash}00`, 'Missing or malformed block hash.'],
  ])('rejects %s with 400 "%s" in Blockfrost\'s body', async (url, message) => {
    const { body } = await request(endpoint, url);
    expect(body).toEqual({ error: 'Bad Request', message, status_code: 400 });
  });

  it('matches RYO for its malformed-hash case', async () => {
    const { endpoint: url, response } = ryoCase('respond with 400_2 on /blocks/:hash_or_number');
    expect((await request(endpoint, url)).body).toEqual(response);
  });

  it.each([
    ['an unknown hash', `/blocks/${hash(0xbad)}`],
    ['an unknown height', '/blocks/2147483647'],
    ['a known hash in upper case', `/blocks/${SHELLEY.hash.toUpperCase()}`],
    ['a height written as 1e0', '/blocks/1e0'],
  ])('answers 404 for %s', async (_name, url) => {
    const { status, body } = await request(endpoint, url);
    expect([status, body.message]).toEqual([404, 'The requested component has not been found.']);
  });
});

describe('GET /blocks/latest', () => {
  it('is the newest block, with no next block and no confirmations', async () => {
    const { status, body } = await request('/blocks/latest', '/api/v0/blocks/latest');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      hash: SHELLEY_EMPTY.next_block,
      height: TIP_HEIGHT,
      next_block: null,
      confirmations: 0,
    });
    expect(body).toEqual((await request('/blocks/{hash_or_number}', `/blocks/${TIP_HEIGHT}`)).body);
  });
});

describe('GET /network', () => {
  it('sums the live UTxO set and withdrawable rewards, and live stake of delegated registered accounts', async () => {
    const utxo = 1000n + 20000n + 300000n + 4000000n + 50000000n;
    const circulating = utxo + 600000000n + 80n;
    const { status, body } = await request('/network', '/network');
    expect(status).toBe(200);
    expect(body).toEqual({
      supply: {
        max: '45000000000000000',
        total: String(circulating),
        circulating: String(circulating),
        locked: String(20000n + 4000000n),
        treasury: '0',
        reserves: String(45000000000000000n - circulating),
      },
      stake: { live: '600001000', active: '600001000' },
    });
  });
});

describe('before the indexer stored anything', () => {
  let emptyApp: NestFastifyApplication;
  let closeEmpty: () => Promise<void>;
  beforeAll(async () => {
    const db = await openTestDatabase();
    closeEmpty = db.close;
    emptyApp = await startApp(testConfig(db.database));
  });
  afterAll(async () => {
    await emptyApp.close();
    await closeEmpty();
  });

  it("answers /blocks/latest with RYO's 404", async () => {
    const { endpoint, response } = ryoCase('respond with 404 and empty data on /blocks');
    const { body } = await getValid(emptyApp, '/blocks/latest', endpoint);
    expect(body).toEqual(response);
  });

  it.each(['/genesis', '/network', '/network/eras'])(
    "answers %s with a 500 in Blockfrost's body",
    async (url) => {
      const { status, body } = await getValid(emptyApp, url, url);
      expect([status, body.error]).toEqual([500, 'Internal Server Error']);
    },
  );
});
