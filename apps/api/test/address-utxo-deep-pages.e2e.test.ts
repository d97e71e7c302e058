import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decodeShelleyAddress, paymentCredentialToBech32 } from '@frostline/model';
import { ChainSeed, refillAddressUtxo } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Deep pages of /addresses/{address}/utxos[/{asset}] come from a list of the address's unspent output ids kept
// per chain tip (addresses/utxo-id-lists.ts). Every answer must equal the one of an API that skips index entries
// for each page (its caches off), at every tip: after a block spends listed outputs and pays new ones (the list
// carried forward by the block's changes), and after a switch to a branch that reuses the rolled-back ids for
// other outputs.
const ADDRESS =
  'addr1qxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckmswj8ngt9puck7f0cqxzsfe62un6ln88yy8c8tguz8twmq64snl8';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const NUTCOIN = '6e7574636f696e';
/** Outputs of the first block, all at ADDRESS; the even ones hold NUTCOIN. */
const OUTPUTS = 12_000;
const hash = (n: number) => n.toString(16).padStart(64, '0');

let listed: NestFastifyApplication;
let unlisted: NestFastifyApplication;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let addressId: number;
let assetId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.block({ hash: hash(0xb1), height: 1, slot: 10, epoch: 0, epochSlot: 10, time: 1 });
  const tx = await seed.tx(hash(1));
  const decoded = decodeShelleyAddress(ADDRESS)!;
  if (!('payment' in decoded)) throw new Error('a base address has a payment credential');
  addressId = await seed.address(ADDRESS, decoded.payment.hash);
  assetId = await seed.asset(POLICY, NUTCOIN);
  await db.sql.query(
    `WITH o AS (INSERT INTO tx_out (id, tx_id, index, address_id, payment_cred, value, has_assets)
                SELECT i + 1, $1, i, $2, decode($3, 'hex'), 1000000 + i, i % 2 = 0 FROM generate_series(0, $5 - 1) i),
          l AS (INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets)
                SELECT i + 1, $2, decode($3, 'hex'), i % 2 = 0 FROM generate_series(0, $5 - 1) i),
          m AS (INSERT INTO ma_tx_out (tx_out_id, asset_id, quantity)
                SELECT i + 1, $4, 1 FROM generate_series(0, $5 - 1, 2) i)
     INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id)
     SELECT i + 1, $4, $2 FROM generate_series(0, $5 - 1, 2) i`,
    [tx, addressId, decoded.payment.hash, assetId, OUTPUTS],
  );
  // Outputs whose inline datum and assets take more than address_utxo keeps (2,000 bytes): their answers
  // come from tx_out and ma_tx_out; one with a small datum, kept whole.
  await db.sql.query(
    `UPDATE tx_out SET inline_datum = decode(repeat('ab', 2100), 'hex'), data_hash = decode(repeat('11', 32), 'hex')
     WHERE id IN (5003, 6001)`,
  );
  await db.sql.query(`UPDATE tx_out SET inline_datum = decode('d87980', 'hex') WHERE id = 5021`);
  for (let i = 0; i < 29; i++) {
    const extra = await seed.asset(POLICY, `${NUTCOIN}${i.toString(16).padStart(2, '0')}`);
    await db.sql.query(
      `WITH m AS (INSERT INTO ma_tx_out (tx_out_id, asset_id, quantity) SELECT id, $1, 7 + id FROM unnest($3::int8[]) id)
       INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id) SELECT id, $1, $2 FROM unnest($3::int8[]) id`,
      [extra, addressId, [5011, 6003, 10011]],
    );
  }
  await refillAddressUtxo(db.sql);
  const kept = await db.sql.query(`SELECT tx_out_id FROM address_utxo WHERE NOT complete ORDER BY 1`);
  expect(kept.rows.map((r) => Number(r.tx_out_id))).toEqual([5003, 5011, 6001, 6003, 10011]);
  listed = await startApp(testConfig(db.database));
  unlisted = await startApp(testConfig(db.database, { ADDRESS_UTXO_CACHE_OUTPUTS: '0' }));
});

afterAll(async () => {
  await listed?.close();
  await unlisted?.close();
  await db?.close();
});

function urls(): string[] {
  const decoded = decodeShelleyAddress(ADDRESS)!;
  const vkh = 'payment' in decoded ? paymentCredentialToBech32(decoded.payment) : '';
  const selections = [
    `/addresses/${ADDRESS}/utxos`,
    `/addresses/${ADDRESS}/utxos/${POLICY}${NUTCOIN}`,
    `/addresses/${ADDRESS}/utxos/lovelace`,
    `/addresses/${vkh}/utxos`,
    `/addresses/${vkh}/utxos/${POLICY}${NUTCOIN}`,
  ];
  // Pages 51 and on skip 5,000 outputs or more; 60 is the last full page of each half, 121 past the end.
  const pages = [
    'page=51',
    'page=60&order=desc',
    'page=61',
    'page=100&count=60',
    'page=120&order=desc',
    'page=121',
  ];
  return selections.flatMap((selection) => pages.map((page) => `${selection}?${page}`));
}

const outputs = (body: unknown) =>
  (body as { tx_hash: string; output_index: number }[]).map(
    (u) => `${u.tx_hash.slice(-2)}#${u.output_index}`,
  );

/** Every deep page from both APIs; asked twice of the listed one, the second time from its kept list. */
async function expectSameAnswers(): Promise<string[][]> {
  const answers: string[][] = [];
  for (const url of urls()) {
    const expected = await get(unlisted, url);
    expect(expected.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answer = await get(listed, url);
      expect({ url, status: answer.status, body: answer.body }).toEqual({
        url,
        status: 200,
        body: expected.body,
      });
    }
    answers.push(outputs(expected.body));
  }
  return answers;
}

/** Block 2 spends outputs 5,001–5,040 and pays ten new ones (ids from 12,001) to the address, from `firstIndex`. */
async function block2(blockHash: string, txHash: string, firstIndex: number) {
  await db.sql.query(
    `WITH b AS (INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
                VALUES (2, decode($1, 'hex'), 2, 20, false, 0, 20, 2, 3, 1, 'pool1test', 'conway')),
          t AS (INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
                  redeemer_count, pool_retire_count)
                VALUES (2, decode($2, 'hex'), 2, 0, true, 170000, 0, 300, 0, 0, 0, 0)),
          o AS (INSERT INTO tx_out (id, tx_id, index, address_id, value, has_assets)
                SELECT $5 + i, 2, $3 + i, $4, 2000000, i % 2 = 0 FROM generate_series(1, 10) i),
          l AS (INSERT INTO unspent_tx_out (tx_out_id, address_id, has_assets)
                SELECT $5 + i, $4, i % 2 = 0 FROM generate_series(1, 10) i),
          m AS (INSERT INTO ma_tx_out (tx_out_id, asset_id, quantity) SELECT $5 + i, $6, 1 FROM generate_series(2, 10, 2) i),
          u AS (INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id)
                SELECT $5 + i, $6, $4 FROM generate_series(2, 10, 2) i),
          s AS (INSERT INTO tx_out_spend (tx_out_id, tx_id) SELECT id, 2 FROM generate_series(5001, 5040) id),
          r AS (DELETE FROM unspent_tx_out WHERE tx_out_id BETWEEN 5001 AND 5040)
     DELETE FROM unspent_ma_tx_out WHERE tx_out_id BETWEEN 5001 AND 5040`,
    [blockHash, txHash, firstIndex, addressId, OUTPUTS, assetId],
  );
  await refillAddressUtxo(db.sql);
}

async function rollBackBlock2() {
  await db.sql.query(
    `WITH m AS (DELETE FROM ma_tx_out WHERE tx_out_id > $1),
          u AS (DELETE FROM unspent_ma_tx_out WHERE tx_out_id > $1),
          l AS (DELETE FROM unspent_tx_out WHERE tx_out_id > $1),
          o AS (DELETE FROM tx_out WHERE id > $1),
          t AS (DELETE FROM tx WHERE id = 2),
          b AS (DELETE FROM block WHERE id = 2),
          s AS (DELETE FROM tx_out_spend WHERE tx_id = 2),
          r AS (INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets)
                SELECT id, address_id, payment_cred, has_assets FROM tx_out WHERE id BETWEEN 5001 AND 5040)
     INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id)
     SELECT id, $2, $3 FROM generate_series(5001, 5040) id WHERE id % 2 = 1`,
    [OUTPUTS, assetId, addressId],
  );
  await refillAddressUtxo(db.sql);
}

test('deep pages from kept id lists equal the pages skipped to, at every tip and across a branch switch', async () => {
  const atBlock1 = await expectSameAnswers();
  // Not every answer is empty: page 51 of all the outputs starts at output 5,000 (tx 1, index 5,000).
  expect(atBlock1[0]![0]).toBe('01#5000');

  await block2(hash(0xb2), hash(2), 0);
  const atBlock2 = await expectSameAnswers();
  expect(atBlock2[0]![0]).toBe('01#5040');
  expect(atBlock2).not.toEqual(atBlock1);

  // A block that does not touch the address: its pages stay as they were.
  await db.sql.query(
    `INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
     VALUES (3, decode($1, 'hex'), 3, 30, false, 0, 30, 3, 3, 0, 'pool1test', 'conway')`,
    [hash(0xb3)],
  );
  expect(await expectSameAnswers()).toEqual(atBlock2);
  await db.sql.query('DELETE FROM block WHERE id = 3');

  // Another branch between two requests: block, transaction and output ids 2 and 12,001… again, other outputs.
  await rollBackBlock2();
  await block2(hash(0xc2), hash(3), 100);
  const onOtherBranch = await expectSameAnswers();
  expect(onOtherBranch).not.toEqual(atBlock2);

  await rollBackBlock2();
  expect(await expectSameAnswers()).toEqual(atBlock1);

  // Blocks after a kept list's tip, with a branch switch between them that left the tip in the chain: the
  // list is carried forward by the changes of the blocks now after it, not those of the branch left.
  await block2(hash(0xd2), hash(4), 200);
  await rollBackBlock2();
  await block2(hash(0xe2), hash(5), 300);
  const carried = await expectSameAnswers();
  expect(carried[0]![0]).toBe('01#5040');
  expect(carried).not.toEqual(onOtherBranch);
});

test('an address or asset never seen answers 404 on a deep page too', async () => {
  const unknownAsset = `${POLICY}${'ff'.repeat(4)}`;
  for (const app of [listed, unlisted]) {
    expect((await get(app, `/addresses/${ADDRESS}/utxos/${unknownAsset}?page=80`)).status).toBe(404);
  }
});

// While the indexer catches up from far behind, address_utxo stays empty (address_utxo_deferral holds its row)
// and the answers come from tx_out, tx, block and ma_tx_out through the view address_utxo_answer.
test('with address_utxo deferred by a long catch-up, every page answers as with the table kept', async () => {
  const firstPages = urls().map((url) => url.replace(/page=\d+/, 'page=1'));
  const all = [...urls(), ...firstPages];
  const answersOf = async () => {
    const bodies: unknown[] = [];
    for (const url of all) {
      const response = await get(unlisted, url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      bodies.push(response.body);
    }
    return bodies;
  };
  const kept = await answersOf();
  // page 51 of the address's outputs: 100 of them, some with the inline datum and assets address_utxo leaves out
  expect(outputs(kept[0])).toHaveLength(100);
  await db.sql.query(`TRUNCATE address_utxo`);
  await db.sql.query(`INSERT INTO address_utxo_deferral (id, since_block_id) VALUES (1, 1)`);
  try {
    expect(await answersOf()).toEqual(kept);
  } finally {
    await db.sql.query(`DELETE FROM address_utxo_deferral`);
    await refillAddressUtxo(db.sql);
  }
});
