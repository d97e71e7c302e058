import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { withAdvancingTip } from './advancing-tip.js';
import { connectedTestDatabase, type ConnectedTestDatabase } from './test-database.js';

let db: ConnectedTestDatabase;
let client: pg.Client;

beforeEach(async () => {
  db = await connectedTestDatabase();
  client = db.client;
  // Two blocks shaped as bench/src/populate.ts writes them.
  await client.query(
    `INSERT INTO block SELECT b, sha256(int8send(b)), b::int4, b * 20, false, 3, (b * 20)::int4, 1596491091 + b * 20,
       1000, 4, 0, 0, 'pool1x', 'vrf_vk1x', sha256(int8send(-b)), 0, NULL, 'conway'
     FROM generate_series(1, 2) b`,
  );
});

afterEach(() => db.drop());

// The API's own tip query, as its address page cache reads it.
const CHAIN_TIP = readFileSync(new URL('../../prisma/sql/chain_tip.sql', import.meta.url), 'utf8');
const tip = async () => (await client.query<{ tip: string }>(CHAIN_TIP)).rows[0]!.tip;
const blocks = async () => (await client.query('SELECT * FROM block ORDER BY id')).rows;

describe('a load with the tip advancing', () => {
  it("moves the API's tip while the work runs, then leaves the blocks as they were", async () => {
    const before = await blocks();
    const tips = new Set([await tip()]);
    const { result, blocks: arrived } = await withAdvancingTip(db.url, 20, async () => {
      while (tips.size < 4) {
        tips.add(await tip());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return 'done';
    });
    expect(result).toBe('done');
    expect(arrived).toBeGreaterThanOrEqual(3);
    expect(await blocks()).toEqual(before);
  });

  it('keeps every new block in the epoch of the newest one and chained to it', async () => {
    await withAdvancingTip(db.url, 10, async () => {
      while ((await blocks()).length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
      const [, second, third, fourth] = await blocks();
      for (const [previous, next] of [
        [second, third],
        [third, fourth],
      ])
        expect(next).toMatchObject({
          height: previous.height + 1,
          epoch: previous.epoch,
          epoch_slot: previous.epoch_slot + 1,
          tx_count: 0,
          previous_hash: previous.hash,
        });
    });
  });
});
