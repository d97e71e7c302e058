import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ChainSeed, refillAddressUtxo } from './support/seed.js';
import { get, getTwiceAlike, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Pages of /addresses/{address}/utxos[/{asset}] are reused while the chain tip stays (addresses/tip-cache.ts):
// a new block and a rollback must both show at once, even when the new branch reuses the rolled-back ids.
const ADDRESS =
  'addr1qxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckmswj8ngt9puck7f0cqxzsfe62un6ln88yy8c8tguz8twmq64snl8';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const NUTCOIN = '6e7574636f696e';
const hash = (n: number) => n.toString(16).padStart(64, '0');

let app: NestFastifyApplication;
let db: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.block({ hash: hash(0xb1), height: 1, slot: 10, epoch: 0, epochSlot: 10, time: 1 });
  const tx = await seed.tx(hash(1));
  await seed.output(tx, 0, {
    address: ADDRESS,
    value: '1000000',
    assets: [{ policyId: POLICY, assetName: NUTCOIN, quantity: '5' }],
  });
  app = await startApp(testConfig(db.database));
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const pages = async () => {
  const outputs = async (url: string) =>
    ((await get(app, url)).body as { tx_hash: string; output_index: number }[]).map(
      (u) => `${u.tx_hash.slice(-2)}#${u.output_index}`,
    );
  return {
    all: await outputs(`/addresses/${ADDRESS}/utxos`),
    asset: await outputs(`/addresses/${ADDRESS}/utxos/${POLICY}${NUTCOIN}`),
  };
};

/** Block 2 spends the first output and pays the asset to the address again in output `index`. */
async function block2(blockHash: string, txHash: string, index: number) {
  await db.sql.query(
    `WITH b AS (INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
                VALUES (2, decode($1, 'hex'), 2, 20, false, 0, 20, 2, 3, 1, 'pool1test', 'conway')),
          t AS (INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
                  redeemer_count, pool_retire_count)
                VALUES (2, decode($2, 'hex'), 2, 0, true, 170000, 0, 300, 0, 0, 0, 0)),
          o AS (INSERT INTO tx_out (id, tx_id, index, address_id, value, has_assets) VALUES (2, 2, $3, 1, 900000, true)),
          l AS (INSERT INTO unspent_tx_out (tx_out_id, address_id, has_assets) VALUES (2, 1, true)),
          m AS (INSERT INTO ma_tx_out (tx_out_id, asset_id, quantity) VALUES (2, 1, 5)),
          u AS (INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id) VALUES (2, 1, 1)),
          s AS (INSERT INTO tx_out_spend (tx_out_id, tx_id) VALUES (1, 2)),
          r AS (DELETE FROM unspent_tx_out WHERE tx_out_id = 1)
     DELETE FROM unspent_ma_tx_out WHERE tx_out_id = 1`,
    [blockHash, txHash, index],
  );
  await refillAddressUtxo(db.sql);
}

async function rollBackBlock2() {
  await db.sql.query(
    `WITH m AS (DELETE FROM ma_tx_out WHERE tx_out_id = 2),
          u AS (DELETE FROM unspent_ma_tx_out WHERE tx_out_id = 2),
          l AS (DELETE FROM unspent_tx_out WHERE tx_out_id = 2),
          o AS (DELETE FROM tx_out WHERE id = 2),
          t AS (DELETE FROM tx WHERE id = 2),
          b AS (DELETE FROM block WHERE id = 2),
          s AS (DELETE FROM tx_out_spend WHERE tx_id = 2),
          r AS (INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets)
                SELECT id, address_id, payment_cred, has_assets FROM tx_out WHERE id = 1)
     INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id) VALUES (1, 1, 1)`,
  );
  await refillAddressUtxo(db.sql);
}

test('a new block, a rollback and another branch with the same ids each show in the next answer', async () => {
  expect(await pages()).toEqual({ all: ['01#0'], asset: ['01#0'] });
  // Asked again at the same tip: served from the cache.
  expect(await pages()).toEqual({ all: ['01#0'], asset: ['01#0'] });

  await block2(hash(0xb2), hash(2), 0);
  expect(await pages()).toEqual({ all: ['02#0'], asset: ['02#0'] });

  // A switch to another branch between two requests: block id 2 again (the indexer reuses the ids of
  // rolled-back rows), with another hash and output.
  await rollBackBlock2();
  await block2(hash(0xc2), hash(3), 1);
  expect(await pages()).toEqual({ all: ['03#1'], asset: ['03#1'] });

  await rollBackBlock2();
  expect(await pages()).toEqual({ all: ['01#0'], asset: ['01#0'] });
});

test('a page served again from the cache is the same JSON answer, with its JSON content type', async () => {
  for (const url of [`/addresses/${ADDRESS}/utxos`, `/addresses/${ADDRESS}/utxos/${POLICY}${NUTCOIN}`]) {
    expect(await getTwiceAlike(app, url)).toEqual([expect.objectContaining({ address: ADDRESS })]);
  }
});
