import { readFileSync } from 'node:fs';
import { encodeBech32 } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { atTip, seedFixtureBlock, seedNextBlock, type BlockBody } from './support/fixture-blocks.js';
import { ChainSeed } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// The block lists on a seeded database: /blocks/{hash_or_number}/next, /previous, /txs, /txs/cbor,
// /addresses, /blocks/latest/txs[/cbor] and /blocks/slot/{slot_number}. The chain is made of the
// stretches of real blocks blockfrost-tests expects (preprod's first blocks, mainnet Byron epoch
// boundaries, preview and mainnet Shelley blocks), one after the other, as the index would store them.

interface Fixture {
  testName: string;
  endpoints: string[];
  response: unknown;
  type?: string;
}

const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as Fixture[];
const fixture = (file: string, test: (f: Fixture) => boolean) => testData(file).find(test)!;
const named = (file: string, nameEnd: string) => fixture(file, (f) => f.testName.endsWith(nameEnd));
const blocksOf = (f: Fixture) => f.response as BlockBody[];

const PREPROD_NEXT = named('preprod-blocks-hash-or-number-next.json', 'next?queryparams - generic boundary');
const PREPROD_PREVIOUS = named('preprod-blocks-hash-or-number-previous.json', 'generic boundary');
const BOUNDARY_INSIDE = named('mainnet-blocks-hash-or-number-next.json', 'generic boundary inside');
const BOUNDARY_EDGE = named('mainnet-blocks-hash-or-number-next.json', 'generic boundary edge');
const BOUNDARY = named('mainnet-blocks-hash-or-number.json', 'hash - generic boundary').response as BlockBody;
const AFTER_BOUNDARY = fixture(
  'mainnet-blocks-hash-or-number-next.json',
  (f) => f.type === undefined && f.endpoints[0].startsWith(`blocks/${BOUNDARY.hash}/next`),
);
const PREVIEW = named(
  'preview-blocks-hash-or-number-previous.json',
  'next-previous?queryparams - generic shelley',
);
const SHELLEY_PREVIOUS = named('mainnet-blocks-hash-or-number-previous.json', 'previous - generic shelley');
const TXS_PAGE = named('mainnet-blocks-hash-or-number-txs.json', 'txs?queryparams - generic shelley');
const TXS = named('mainnet-blocks-hash-or-number-txs.json', 'txs - generic shelley');
const CBOR_PAGE = named('mainnet-blocks-hash-or-number-txs-cbor.json', 'generic block pagination');
const CBOR_DESC = named('mainnet-blocks-hash-or-number-txs-cbor.json', 'generic block DESC');
const ADDRESSES_PAGE = named('mainnet-blocks-hash-or-number-addresses.json', 'generic shelley');
const [BY_SLOT] = testData('mainnet-blocks-slot-slot-number.json');

/** The hash in a fixture endpoint `blocks/<hash>/…`. */
const hashIn = (endpoint: string) => endpoint.split('/')[1];
const hash = (n: number) => n.toString(16).padStart(64, '0');
/** A Shelley address: header byte, then credentials of `byte` (one for enterprise, two for base). */
const address = (header: number, byte: number, credentials: number) =>
  encodeBech32('addr', Uint8Array.from([header, ...new Array(28 * credentials).fill(byte)]));
const BYRON = 'Ae2tdPwUPEYwNguM7TB3dMnZMfZxn1pjGHyGdjaF4mFqZF9L3bj6cdhiH8t';

const TIP_HEIGHT = 7_000_000;
const TXS_HEIGHT = 5360435;
const ADDRESSES_HEIGHT = 6602319;
const ORDER_HEIGHT = 6602320;
/** The addresses the addresses block touches, in the order Blockfrost pages them (page 2 of 2 is the fixture's). */
const [FIXTURE_ADDRESS_1, FIXTURE_ADDRESS_2] = (
  ADDRESSES_PAGE.response as { address: string; transactions: { tx_hash: string }[] }[]
).map((item) => ({ address: item.address, tx: item.transactions[0].tx_hash }));
const BEFORE_1 = address(0x01, 0xc0, 2);
const BEFORE_2 = address(0x01, 0xe0, 2);
const AFTER_1 = address(0x01, 0x01, 2);
const AFTER_2 = address(0x61, 0xff, 1);
/** Transactions of the tip block; the last one is stored without its CBOR. */
const TIP_TXS = [...(CBOR_DESC.response as { tx_hash: string }[])].reverse().map((tx) => tx.tx_hash);
const TIP_TX_WITHOUT_CBOR = hash(0xc0);

let app: NestFastifyApplication;
let close: () => Promise<void>;

/** Every 2xx and error body is checked against the spec for its endpoint and status. */
const request = (endpoint: string, url: string) => getValid(app, endpoint, url);

/** Seeds the fixture's blocks, then the block after the last one (its `next_block`), `height` high. */
async function seedStretch(seed: ChainSeed, blocks: BlockBody[]) {
  for (const block of blocks) await seedFixtureBlock(seed, block);
  const last = blocks.at(-1)!;
  await seedNextBlock(seed, last.next_block!, (last.height as number) + 1, (last.slot as number) + 1);
}

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);

  // preprod: the genesis pseudo-block (first of all), its epoch-boundary block, block 1.
  await seedFixtureBlock(seed, blocksOf(PREPROD_PREVIOUS)[0]);
  await seedStretch(seed, blocksOf(PREPROD_NEXT));

  // mainnet, Byron: blocks 21579-21590 around the epoch-boundary block of epoch 1.
  const inside = blocksOf(BOUNDARY_INSIDE);
  await seedNextBlock(seed, inside[0].previous_block!, 21579, (inside[0].slot as number) - 1);
  for (const block of inside) await seedFixtureBlock(seed, block);
  await seedStretch(seed, blocksOf(BOUNDARY_EDGE).slice(3));

  // mainnet: the epoch-boundary block of epoch 24 and the blocks after it.
  await seedFixtureBlock(seed, BOUNDARY);
  await seedStretch(seed, blocksOf(AFTER_BOUNDARY));

  // preview, Shelley: 3215613-3215620, of which the fixture gives 3215616 and 3215617.
  const [first, second] = blocksOf(PREVIEW);
  const slot = first.slot as number;
  await seedNextBlock(seed, hashIn(PREVIEW.endpoints[0]), 3215613, slot - 3);
  await seedNextBlock(seed, hash(0x3215614), 3215614, slot - 2);
  await seedNextBlock(seed, hash(0x3215615), 3215615, slot - 1);
  await seedStretch(seed, [first, second]);
  await seedNextBlock(seed, hash(0x3215619), 3215619, slot + 3);
  await seedNextBlock(seed, hashIn(PREVIEW.endpoints[3]), 3215620, slot + 4);

  // mainnet, Shelley: 5058571-5058671.
  await seedFixtureBlock(seed, blocksOf(SHELLEY_PREVIOUS)[0]);
  await seedStretch(seed, blocksOf(SHELLEY_PREVIOUS).slice(1));

  // A mainnet block with 24 transactions, whose first one also creates the outputs the next block spends.
  await seedNextBlock(seed, hashIn(TXS.endpoints[0]), TXS_HEIGHT, 18_000_000);
  const txIds: number[] = [];
  for (const txHash of TXS.response as string[]) txIds.push(await seed.tx(txHash));
  const spent = async (addr: string, index: number) =>
    seed.output(txIds[0], index, { address: addr, value: '1' });
  const spentBefore1 = await spent(BEFORE_1, 0);
  const spentBefore2 = await spent(BEFORE_2, 1);
  const spentAfter1 = await spent(AFTER_1, 2);
  const spentByron = await spent(BYRON, 3);
  const spentShelley = await spent(FIXTURE_ADDRESS_1.address, 4);

  // The addresses block: the fixture's two addresses on page 2 of 2, the others around them.
  await seedNextBlock(seed, hashIn(ADDRESSES_PAGE.endpoints[0]), ADDRESSES_HEIGHT, 18_000_001);
  const tx0 = await seed.tx(FIXTURE_ADDRESS_1.tx);
  await seed.spend(spentBefore1, tx0);
  await seed.output(tx0, 0, { address: FIXTURE_ADDRESS_1.address, value: '5' });
  const tx1 = await seed.tx(FIXTURE_ADDRESS_2.tx);
  await seed.output(tx1, 0, { address: FIXTURE_ADDRESS_2.address, value: '5' });
  await seed.output(tx1, 1, { address: BEFORE_1, value: '5' });
  // Spends from and pays back to the same address: one entry for the transaction.
  const tx2 = await seed.tx(hash(0xa2));
  await seed.spend(spentBefore2, tx2);
  await seed.output(tx2, 0, { address: BEFORE_2, value: '5' });
  await seed.output(tx2, 1, { address: BEFORE_2, value: '5' });
  // Invalid in phase 2: db-sync's inputs are its collaterals, its only output the collateral return.
  const tx3 = await seed.tx(hash(0xa3), { valid: false });
  await seed.spend(spentAfter1, tx3);
  await seed.output(tx3, 0, { address: AFTER_2, value: '5' });

  // Byron and Shelley addresses in one block, for their order.
  await seedNextBlock(seed, hash(0xb0), ORDER_HEIGHT, 18_000_002);
  const tx4 = await seed.tx(hash(0xb4));
  await seed.spend(spentByron, tx4);
  await seed.spend(spentShelley, tx4);

  // The tip: a block whose transactions blockfrost-tests knows with their CBOR, and one without.
  await seedNextBlock(seed, hashIn(CBOR_PAGE.endpoints[0]), TIP_HEIGHT, 18_000_003);
  const cbors = new Map(
    (CBOR_DESC.response as { tx_hash: string; cbor: string }[]).map((t) => [t.tx_hash, t.cbor]),
  );
  for (const txHash of TIP_TXS) await seed.tx(txHash, { cbor: cbors.get(txHash) });
  await seed.tx(TIP_TX_WITHOUT_CBOR);

  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app?.close();
  await close?.();
});

/** The spec path of a fixture endpoint such as `blocks/<hash>/next?count=2`. */
function specPath(endpoint: string): string {
  const path = endpoint.split('?')[0];
  if (path.startsWith('blocks/slot/')) return '/blocks/slot/{slot_number}';
  if (path.startsWith('blocks/latest/')) return `/${path}`;
  return `/blocks/{hash_or_number}/${path.split('/').slice(2).join('/')}`;
}

/** Every endpoint of the fixture answers its response (matchers resolved at our tip). */
async function expectFixture(f: Fixture) {
  for (const endpoint of f.endpoints) {
    const { status, body } = await request(specPath(endpoint), `/${endpoint}`);
    expect({ endpoint, status, body }).toEqual({
      endpoint,
      status: 200,
      body: atTip(f.response, TIP_HEIGHT),
    });
  }
}

const NOT_FOUND = {
  error: 'Not Found',
  message: 'The requested component has not been found.',
  status_code: 404,
};
const badRequest = (message: string) => ({ error: 'Bad Request', message, status_code: 400 });
const LISTS = ['next', 'previous', 'txs', 'txs/cbor', 'addresses'];

describe('GET /blocks/{hash_or_number}/next and /previous', () => {
  it.each([
    ['preprod: after the genesis pseudo-block, its epoch-boundary block and block 1', PREPROD_NEXT],
    ['mainnet: ten blocks across the epoch-boundary block of epoch 1', BOUNDARY_INSIDE],
    ['mainnet: from the block before that epoch-boundary block', BOUNDARY_EDGE],
    ['mainnet: after the epoch-boundary block of epoch 24', AFTER_BOUNDARY],
    ['preview: page 2 of two-block pages, either way', PREVIEW],
    ['mainnet: the hundred blocks before a Shelley block', SHELLEY_PREVIOUS],
    ['preprod: before block 1, its epoch-boundary block and the genesis pseudo-block', PREPROD_PREVIOUS],
  ])('serves %s as blockfrost-tests expects', async (_name, f) => {
    await expectFixture(f);
  });

  it('pages back from the block: page 2 of ten-block pages ends ten blocks before it', async () => {
    const { body } = await request(
      '/blocks/{hash_or_number}/previous',
      '/blocks/5058671/previous?count=10&page=2',
    );
    expect(body).toEqual(atTip(blocksOf(SHELLEY_PREVIOUS).slice(80, 90), TIP_HEIGHT));
  });

  it('ignores an order, which these paths do not take', async () => {
    const url = '/blocks/21579/next?count=10';
    const { body } = await request('/blocks/{hash_or_number}/next', `${url}&order=desc`);
    expect(body).toEqual((await request('/blocks/{hash_or_number}/next', url)).body);
  });

  it('answers [] past either end of the chain', async () => {
    const genesis = blocksOf(PREPROD_PREVIOUS)[0].hash;
    expect((await request('/blocks/{hash_or_number}/previous', `/blocks/${genesis}/previous`)).body).toEqual(
      [],
    );
    expect((await request('/blocks/{hash_or_number}/next', `/blocks/${TIP_HEIGHT}/next`)).body).toEqual([]);
    const { body } = await request('/blocks/{hash_or_number}/next', `/blocks/${ORDER_HEIGHT}/next?page=2`);
    expect(body).toEqual([]);
  });

  it.each(
    ['mainnet-blocks-hash-or-number-next.json', 'mainnet-blocks-hash-or-number-previous.json']
      .flatMap((file) => testData(file).filter((f) => f.type !== undefined))
      .map((f) => [f.endpoints[0], f] as const),
  )('rejects %s as blockfrost-tests expects', async (endpoint, f) => {
    const { body } = await request(specPath(endpoint), `/${endpoint}`);
    expect(body).toEqual(f.response);
  });
});

describe('GET /blocks/{hash_or_number}/txs and /blocks/latest/txs', () => {
  it.each([
    ['every transaction of a block', TXS],
    ['page 2 of two, newest first', TXS_PAGE],
  ])('serves %s as blockfrost-tests expects', async (_name, f) => {
    await expectFixture(f);
  });

  it('pages in block order', async () => {
    const { body } = await request(
      '/blocks/{hash_or_number}/txs',
      `/blocks/${TXS_HEIGHT}/txs?count=10&page=3`,
    );
    expect(body).toEqual((TXS.response as string[]).slice(20));
  });

  it('answers [] for a block without transactions and past the last page', async () => {
    expect((await request('/blocks/{hash_or_number}/txs', '/blocks/21580/txs')).body).toEqual([]);
    expect((await request('/blocks/{hash_or_number}/txs', `/blocks/${TXS_HEIGHT}/txs?page=2`)).body).toEqual(
      [],
    );
  });

  it("lists the newest block's transactions", async () => {
    const all = [...TIP_TXS, TIP_TX_WITHOUT_CBOR];
    expect((await request('/blocks/latest/txs', '/api/v0/blocks/latest/txs')).body).toEqual(all);
    const { body } = await request('/blocks/latest/txs', '/blocks/latest/txs?order=desc&count=3');
    expect(body).toEqual([...all].reverse().slice(0, 3));
  });
});

describe('GET /blocks/{hash_or_number}/txs/cbor and /blocks/latest/txs/cbor', () => {
  it.each([
    ['page 2 of one-transaction pages', CBOR_PAGE],
    ['every transaction, newest first', CBOR_DESC],
  ])('serves %s as blockfrost-tests expects', async (_name, f) => {
    await expectFixture(f);
  });

  it("serves the newest block's transactions the same way", async () => {
    const { body } = await request('/blocks/latest/txs/cbor', '/blocks/latest/txs/cbor?order=desc');
    expect(body).toEqual(CBOR_DESC.response);
  });

  it('leaves the place of a transaction stored without its CBOR empty, as RYO pages by transaction', async () => {
    const { body } = await request('/blocks/latest/txs/cbor', '/blocks/latest/txs/cbor?count=2&page=2');
    expect(body).toEqual([(CBOR_DESC.response as unknown[])[0]]);
  });
});

describe('GET /blocks/{hash_or_number}/addresses', () => {
  const url = `/blocks/${ADDRESSES_HEIGHT}/addresses`;
  const txs = (...hashes: string[]) => hashes.map((tx_hash) => ({ tx_hash }));

  it('serves page 2 of two-address pages as blockfrost-tests expects', async () => {
    await expectFixture(ADDRESSES_PAGE);
  });

  it("lists the addresses of the transactions' outputs and spent outputs, sorted, each transaction once in block order", async () => {
    const { body } = await request('/blocks/{hash_or_number}/addresses', url);
    expect(body).toEqual([
      { address: BEFORE_1, transactions: txs(FIXTURE_ADDRESS_1.tx, FIXTURE_ADDRESS_2.tx) },
      { address: BEFORE_2, transactions: txs(hash(0xa2)) },
      { address: FIXTURE_ADDRESS_1.address, transactions: txs(FIXTURE_ADDRESS_1.tx) },
      { address: FIXTURE_ADDRESS_2.address, transactions: txs(FIXTURE_ADDRESS_2.tx) },
      // The phase-2-invalid transaction: its collateral and its collateral return.
      { address: AFTER_1, transactions: txs(hash(0xa3)) },
      { address: AFTER_2, transactions: txs(hash(0xa3)) },
    ]);
    expect(
      (await request('/blocks/{hash_or_number}/addresses', `${url}?count=4&page=2&order=desc`)).body,
    ).toEqual(body.slice(4));
  });

  it('sorts addresses bytewise: Byron base58 (upper-case first) before bech32', async () => {
    const { body } = await request('/blocks/{hash_or_number}/addresses', `/blocks/${ORDER_HEIGHT}/addresses`);
    expect(body.map((item: { address: string }) => item.address)).toEqual([BYRON, FIXTURE_ADDRESS_1.address]);
  });

  it('answers [] for a block without transactions', async () => {
    expect((await request('/blocks/{hash_or_number}/addresses', '/blocks/21580/addresses')).body).toEqual([]);
  });
});

describe('GET /blocks/slot/{slot_number}', () => {
  it('serves a Shelley block as blockfrost-tests expects', async () => {
    await expectFixture(BY_SLOT);
  });

  it('serves the first block of a Byron epoch, never its epoch-boundary block or the genesis pseudo-block', async () => {
    const [, first] = blocksOf(BOUNDARY_EDGE);
    const { body } = await request('/blocks/slot/{slot_number}', `/blocks/slot/${first.slot}`);
    expect(body.hash).toBe(first.hash);
    // Only preprod's genesis pseudo-block and epoch-boundary block are stored at slot 0.
    expect((await request('/blocks/slot/{slot_number}', '/blocks/slot/0')).body).toEqual(NOT_FOUND);
  });

  it.each([
    ['/blocks/slot/x', 'params/slot_number must be integer'],
    ['/blocks/slot/1.5', 'params/slot_number must be integer'],
    ['/blocks/slot/-1', 'Missing, out of range or malformed slot_number.'],
    ['/blocks/slot/2147483648', 'Missing, out of range or malformed slot_number.'],
  ])('rejects %s with 400 "%s"', async (url, message) => {
    expect((await request('/blocks/slot/{slot_number}', url)).body).toEqual(badRequest(message));
  });

  it('answers 404 for a slot without a block', async () => {
    expect((await request('/blocks/slot/{slot_number}', '/blocks/slot/2147483647')).body).toEqual(NOT_FOUND);
  });
});

describe('the block lists of a {hash_or_number}', () => {
  it.each(
    testData('mainnet-blocks-others.json').flatMap((f) => f.endpoints.map((e) => [e, f.response] as const)),
  )('rejects %s as blockfrost-tests expects', async (endpoint, response) => {
    const path = endpoint.split('/').length > 2 ? specPath(endpoint) : '/blocks/{hash_or_number}';
    expect((await request(path, `/${endpoint}`)).body).toEqual(response);
  });

  it.each(LISTS)('/%s: rejects an out-of-range height and checks the query string first', async (list) => {
    const endpoint = `/blocks/{hash_or_number}/${list}`;
    const number = 'Missing, out of range or malformed block number.';
    expect((await request(endpoint, `/blocks/-1/${list}`)).body).toEqual(badRequest(number));
    expect((await request(endpoint, `/blocks/2147483648/${list}`)).body).toEqual(badRequest(number));
    expect((await request(endpoint, `/blocks/stonks/${list}?count=0`)).body).toEqual(
      badRequest('querystring/count must be >= 1'),
    );
  });

  it.each(LISTS)('/%s: answers 404 for a block that is not there', async (list) => {
    const endpoint = `/blocks/{hash_or_number}/${list}`;
    for (const block of [hash(0xbad), '2147483647', TXS.endpoints[0].split('/')[1].toUpperCase(), '1e0']) {
      expect({ block, body: (await request(endpoint, `/blocks/${block}/${list}`)).body }).toEqual({
        block,
        body: NOT_FOUND,
      });
    }
  });
});
