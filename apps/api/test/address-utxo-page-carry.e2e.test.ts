import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decodeShelleyAddress, paymentCredentialToBech32 } from '@frostline/model';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// A cached page of /addresses/{address}/utxos[/{asset}] is carried to a new block that changed none of the
// selection's outputs up to the page's last one (addresses.service.ts, carryPage), and read again otherwise.
// Every answer must equal the one of an API without caches, except where a page was carried: to tell a carried
// page from a page read again, the test changes output 1's stored answer behind the API's back (no block), so
// only a page read again shows the change.
const ADDRESS =
  'addr1qxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckmswj8ngt9puck7f0cqxzsfe62un6ln88yy8c8tguz8twmq64snl8';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const NUTCOIN = '6e7574636f696e';
const hash = (n: number) => n.toString(16).padStart(64, '0');
const PAYMENT = paymentOf(ADDRESS);
const VKH = paymentCredentialToBech32(PAYMENT);

let cached: NestFastifyApplication;
let uncached: NestFastifyApplication;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let seed: ChainSeed;

beforeAll(async () => {
  db = await openTestDatabase();
  seed = new ChainSeed(db.sql);
  await block(1);
  const tx = await seed.tx(hash(1));
  for (let index = 0; index < 5; index++) await pay(tx, index);
  cached = await startApp(testConfig(db.database));
  uncached = await startApp(testConfig(db.database, { ADDRESS_UTXO_CACHE_OUTPUTS: '0' }));
});

afterAll(async () => {
  await cached?.close();
  await uncached?.close();
  await db?.close();
});

function paymentOf(address: string) {
  const decoded = decodeShelleyAddress(address)!;
  if (!('payment' in decoded)) throw new Error('a base address has a payment credential');
  return decoded.payment;
}

async function block(n: number) {
  await seed.block({ hash: hash(0xb0 + n), height: n, slot: 10 * n, epoch: 0, epochSlot: 10 * n, time: n });
}

/** An output of 1 ADA and one NUTCOIN to ADDRESS (output ids count from 1). */
async function pay(tx: number, index: number) {
  const assets = [{ policyId: POLICY, assetName: NUTCOIN, quantity: '1' }];
  await seed.output(tx, index, { address: ADDRESS, paymentCred: PAYMENT.hash, value: '1000000', assets });
}

const PAGE_1 = 'count=2';
const PAGE_2 = 'count=2&page=2';
const NEWEST = 'count=2&order=desc';
const WHOLE = 'count=100';

function url(selection: string, page: string): string {
  return `/addresses/${selection}?${page}`;
}

const SELECTIONS = [
  `${ADDRESS}/utxos`,
  `${ADDRESS}/utxos/${POLICY}${NUTCOIN}`,
  `${VKH}/utxos`,
  `${VKH}/utxos/${POLICY}${NUTCOIN}`,
];

async function body(app: NestFastifyApplication, address: string): Promise<unknown> {
  const response = await get(app, address);
  expect({ address, status: response.status }).toEqual({ address, status: 200 });
  return response.body;
}

/** Each page of each selection from the cached API, asked twice, and from the uncached one. */
async function answers(pages: string[]) {
  const result = new Map<string, { cached: unknown; uncached: unknown }>();
  for (const selection of SELECTIONS) {
    for (const page of pages) {
      const address = url(selection, page);
      const first = await body(cached, address);
      expect(await body(cached, address)).toEqual(first);
      result.set(address, { cached: first, uncached: await body(uncached, address) });
    }
  }
  return result;
}

/** Every cached answer equals the uncached one (no page was carried, or none could differ). */
function expectAsUncached(pages: Awaited<ReturnType<typeof answers>>) {
  for (const [address, { cached, uncached }] of pages)
    expect({ address, cached }).toEqual({ address, cached: uncached });
}

const outputs = (page: unknown) =>
  (page as { tx_hash: string; output_index: number }[]).map(
    (u) => `${u.tx_hash.slice(-2)}#${u.output_index}`,
  );

test('pages are carried across blocks that leave them as they were, and read again after those that do not', async () => {
  const ALL = [PAGE_1, PAGE_2, NEWEST, WHOLE];
  const before = await answers(ALL);
  expectAsUncached(before);
  expect(outputs(before.get(url(SELECTIONS[0]!, PAGE_1))!.cached)).toEqual(['01#0', '01#1']);

  await db.sql.query(`UPDATE address_utxo SET lovelace = lovelace + 1 WHERE tx_out_id = 1`);

  // Block 2 pays a sixth output: past the last output of both full ascending pages, which are carried; the
  // newest page and the page that reaches the end of the selection are read again.
  await block(2);
  await pay(await seed.tx(hash(2)), 0);
  const afterPayment = await answers(ALL);
  for (const selection of SELECTIONS) {
    const carried = url(selection, PAGE_1);
    expect({ carried, body: afterPayment.get(carried)!.cached }).toEqual({
      carried,
      body: before.get(carried)!.cached,
    });
    expect(afterPayment.get(carried)!.uncached).not.toEqual(before.get(carried)!.cached);
    for (const page of [PAGE_2, NEWEST, WHOLE]) {
      const address = url(selection, page);
      const { cached, uncached } = afterPayment.get(address)!;
      expect({ address, cached }).toEqual({ address, cached: uncached });
    }
  }
  expect(outputs(afterPayment.get(url(SELECTIONS[0]!, NEWEST))!.cached)).toEqual(['02#0', '01#4']);

  // Block 3 spends output 2, inside the first page: both ascending pages are read again.
  await block(3);
  const spender = await seed.tx(hash(3));
  await seed.spend(2, spender);
  const afterSpend = await answers(ALL);
  expectAsUncached(afterSpend);
  expect(outputs(afterSpend.get(url(SELECTIONS[0]!, PAGE_1))!.cached)).toEqual(['01#0', '01#2']);

  // An empty block changes nothing: every page is carried, and a rollback of it reads them again.
  await db.sql.query(`UPDATE address_utxo SET lovelace = lovelace + 1 WHERE tx_out_id = 1`);
  await block(4);
  const afterEmpty = await answers(ALL);
  for (const [address, { cached }] of afterEmpty) {
    expect({ address, cached }).toEqual({ address, cached: afterSpend.get(address)!.cached });
  }
  await db.sql.query(`DELETE FROM block WHERE id = 4`);
  const afterRollback = await answers(ALL);
  expectAsUncached(afterRollback);
  expect(afterRollback.get(url(SELECTIONS[0]!, PAGE_1))!.cached).not.toEqual(
    afterSpend.get(url(SELECTIONS[0]!, PAGE_1))!.cached,
  );
});
