import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ChainSeed } from './support/seed.js';
import { get, getTwiceAlike, getValid, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// A block's addresses are read once per block hash and paged from memory (blocks/block-address-lists.ts):
// a rollback to another branch, whose block has the same height and id, must show the new block's addresses.
const A = 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8';
const B =
  'addr1q85yx2w7ragn5sx6umgmtjpc3865s9sg59sz4rrh6f90kgwfwlzu3w8ttacqg89mkdgwshwnplj5c5n9f8dhp0h55q2q7qm63t';
const C =
  'addr1q9y2gschak8ny3cet4dymth3xtq8fycnzpzg4svvvmdy7vnhxc96x8daz6yw33kxv07qqpxyn6w9e2ydcfhqk85ckehqrgssre';
const hash = (n: number) => n.toString(16).padStart(64, '0');

let app: NestFastifyApplication;
let uncached: NestFastifyApplication;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let addressIds: Record<'A' | 'B' | 'C', number>;

beforeAll(async () => {
  db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.block({ hash: hash(0xb1), height: 1, slot: 10, epoch: 0, epochSlot: 10, time: 1 });
  const tx = await seed.tx(hash(1));
  await seed.output(tx, 0, { address: A, value: '1000000' });
  addressIds = {
    A: 1,
    B: await seed.address(B, null),
    C: await seed.address(C, null),
  };
  app = await startApp(testConfig(db.database));
  uncached = await startApp(testConfig(db.database, { BLOCK_ADDRESS_CACHE_ADDRESSES: '0' }));
});

afterAll(async () => {
  await app?.close();
  await uncached?.close();
  await db?.close();
});

/** Block 2 (id 2, as the indexer reuses rolled-back ids): one transaction spending block 1's output to `to`. */
async function block2(blockHash: string, txHash: string, to: 'B' | 'C') {
  await db.sql.query(
    `WITH b AS (INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
                VALUES (2, decode($1, 'hex'), 2, 20, false, 0, 20, 2, 3, 1, 'pool1test', 'conway')),
          t AS (INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
                  redeemer_count, pool_retire_count)
                VALUES (2, decode($2, 'hex'), 2, 0, true, 170000, 0, 300, 0, 0, 0, 0)),
          o AS (INSERT INTO tx_out (id, tx_id, index, address_id, value, has_assets) VALUES (2, 2, 0, $3, 830000, false))
     INSERT INTO tx_out_spend (tx_out_id, tx_id) VALUES (1, 2)`,
    [blockHash, txHash, addressIds[to]],
  );
}

async function rollBackBlock2() {
  await db.sql.query(
    `WITH s AS (DELETE FROM tx_out_spend WHERE tx_id = 2),
          o AS (DELETE FROM tx_out WHERE id = 2),
          t AS (DELETE FROM tx WHERE id = 2)
     DELETE FROM block WHERE id = 2`,
  );
}

const addresses = async (server: NestFastifyApplication, block: string) => {
  const { status, body } = await get(server, `/blocks/${block}/addresses`);
  return status === 200 ? (body as { address: string; transactions: { tx_hash: string }[] }[]) : status;
};

const both = async (block: string) => ({
  cached: await addresses(app, block),
  uncached: await addresses(uncached, block),
});

test("after a rollback to another branch, block 2's addresses are the new block's, by height and by hash", async () => {
  await block2(hash(0xb2), hash(2), 'B');
  const onB = [
    { address: B, transactions: [{ tx_hash: hash(2) }] },
    { address: A, transactions: [{ tx_hash: hash(2) }] },
  ];
  expect(await both('2')).toEqual({ cached: onB, uncached: onB });
  expect(await both(hash(0xb2))).toEqual({ cached: onB, uncached: onB });

  await rollBackBlock2();
  await block2(hash(0xc2), hash(3), 'C');
  const onC = [
    { address: C, transactions: [{ tx_hash: hash(3) }] },
    { address: A, transactions: [{ tx_hash: hash(3) }] },
  ];
  expect(await both('2')).toEqual({ cached: onC, uncached: onC });
  expect(await both(hash(0xb2))).toEqual({ cached: 404, uncached: 404 });

  // Back to the first branch: the same block, with the same addresses.
  await rollBackBlock2();
  await block2(hash(0xb2), hash(2), 'B');
  expect(await both(hash(0xb2))).toEqual({ cached: onB, uncached: onB });
  expect(await both(hash(0xc2))).toEqual({ cached: 404, uncached: 404 });
  await rollBackBlock2();
});

test('pages served again from memory are the same JSON answer, with its JSON content type and schema', async () => {
  const url = '/blocks/1/addresses';
  const answer = [{ address: A, transactions: [{ tx_hash: hash(1) }] }];
  expect(await getTwiceAlike(app, url)).toEqual(answer);
  expect((await getValid(app, '/blocks/{hash_or_number}/addresses', url)).body).toEqual(answer);
  expect((await get(app, `${url}?page=2`)).body).toEqual([]);
});
