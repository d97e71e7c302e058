import { createPrismaClient } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { startDevnet } from '@frostline/devnet';
import { startIndexer } from '../../app.js';
import { connectOgmios } from '../../chain-sync/ogmios.js';
import { stringifyOgmios } from '@frostline/devnet/convert';
import type { GeneratedLine } from '@frostline/devnet/generate';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finalChain, isBlock } from '../../test-support/generated.js';
import { indexerConfig, silentLogger, waitUntil } from '../../test-support/indexer.js';
import { poolIdFromHash } from '@frostline/model';
import { snapshotAccountStakes, storeAccountStakeSnapshot } from './accounts.js';
import { generatedDevnet, prismaDatabase } from '../../test-support/lifecycle.js';

// The epoch change's job takes the snapshot once the reward balances are read; its figures are the
// ledger's: every delegated account with its pool, its stake being its unspent lovelace and rewards.
describe('the per-account stake snapshot', () => {
  const net = generatedDevnet();
  const database = prismaDatabase();

  const snapshot = async () =>
    Object.fromEntries(
      (
        await database.prisma.$queryRawUnsafe<
          { view: string; pool: string; amount: string; rewards: string }[]
        >(
          `SELECT s.view, encode(e.pool_hash, 'hex') AS pool, e.amount::text AS amount, e.rewards::text AS rewards
           FROM epoch_stake e JOIN stake_address s ON s.id = e.stake_address_id ORDER BY s.view`,
        )
      ).map(({ view, ...row }) => [view, row]),
    );
  const snapshots = () =>
    database.prisma.$queryRawUnsafe<{ epoch: number; taken_in_epoch: number; accounts: number }[]>(
      'SELECT epoch, taken_in_epoch, accounts FROM epoch_stake_snapshot ORDER BY epoch',
    );

  it('is taken by the epoch change with the accounts as they stood at the boundary, and replaced when taken again', async () => {
    const none = await connectOgmios(new URL(net.devnet.url));
    try {
      // Nothing indexed: the index is not in the node's epoch, so there is nothing to snapshot.
      expect(await snapshotAccountStakes(database.prisma, none)).toBeNull();
    } finally {
      none.socket.close();
    }

    const indexer = await startIndexer(
      indexerConfig(database.db.url, net.devnet.url, { network: 'custom' }),
      silentLogger,
    );
    let epoch: number;
    try {
      await waitUntil(() => indexer.store.tipPoint?.id === net.chain.expected.tip.id, 60_000, 'the tip');
      epoch = indexer.store.tipEpoch!;
      await waitUntil(async () => (await snapshots()).length > 0, 60_000, 'the snapshot');
    } finally {
      await indexer.stop();
    }

    // The same net.chain cut before the boundary, indexed on its own: the accounts' unspent lovelace then.
    const boundaryBlock = net.chain.expected.blocks.find((block) => block.epoch === epoch)!;
    const cut = net.chain.lines.findIndex(
      (line) => isBlock(line) && (line as { id?: string }).id === boundaryBlock.hash,
    );
    const uncut = net.chain.lines.slice(0, cut);
    expect(finalChain(uncut)).toEqual(net.chain.finalChain.slice(0, finalChain(uncut).length));
    const utxoThen = await indexedStakeBalances(uncut);

    const stored = await database.prisma.$queryRawUnsafe<{ view: string; pool: string; utxo: string }[]>(
      `SELECT s.view, encode(e.pool_hash, 'hex') AS pool, (e.amount - e.rewards)::text AS utxo
       FROM epoch_stake e JOIN stake_address s ON s.id = e.stake_address_id`,
    );
    expect(stored.length).toBeGreaterThan(1);
    expect(Object.fromEntries(stored.map((row) => [row.view, row.utxo]))).toEqual(
      Object.fromEntries(stored.map((row) => [row.view, utxoThen.get(row.view) ?? '0'])),
    );
    // Every account the ledger has delegated at the tip and no certificate of the last epoch changed is in it.
    const delegatedAtTip = Object.entries(net.chain.expected.accounts).filter(
      ([, account]) => account.active,
    );
    const inSnapshot = new Map(stored.map((row) => [row.view, poolIdFromHash(row.pool)]));
    expect(
      delegatedAtTip.filter(([view, account]) => inSnapshot.get(view) === account.poolId).length,
    ).toBeGreaterThan(0);
    expect(await snapshots()).toEqual([{ epoch: epoch + 1, taken_in_epoch: epoch, accounts: stored.length }]);

    // An account leaves its pool after the boundary.
    const before = await snapshot();
    const [leaving] = Object.keys(before);
    await database.prisma.$executeRawUnsafe(
      `DELETE FROM delegation WHERE stake_address_id = (SELECT id FROM stake_address WHERE view = $1)`,
      leaving,
    );
    const takenAt = () =>
      database.prisma.$queryRawUnsafe<{ taken_at: Date }[]>('SELECT taken_at FROM epoch_stake_snapshot');
    const firstTaken = await takenAt();
    const ogmios = await connectOgmios(new URL(net.devnet.url));
    try {
      // Asked again in the same epoch (the job after a restart): the boundary is the same, so it is kept.
      expect(await snapshotAccountStakes(database.prisma, ogmios)).toBeNull();
      expect(await snapshot()).toEqual(before);
      expect(await takenAt()).toEqual(firstTaken);
      // A rollback across the boundary, after which another block began the epoch: taken again, the
      // account's row goes, the others stay as they were.
      await database.prisma.$executeRawUnsafe(
        `UPDATE block SET hash = decode(repeat('ee', 32), 'hex')
         WHERE id = (SELECT min(id) FROM block WHERE epoch = $1 AND era <> 'genesis')`,
        epoch,
      );
      expect(await snapshotAccountStakes(database.prisma, ogmios)).toEqual({
        activeEpoch: epoch + 1,
        accounts: Object.keys(before).length - 1,
      });
    } finally {
      ogmios.socket.close();
    }
    const { [leaving!]: gone, ...rest } = before;
    expect(gone).toBeDefined();
    expect(await snapshot()).toEqual(rest);
  }, 180_000);
});

/** Each stake address' unspent lovelace once these lines are indexed from an empty database. */
async function indexedStakeBalances(lines: GeneratedLine[]): Promise<Map<string, string>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-cut-'));
  const file = path.join(dir, 'chain.jsonl');
  writeFileSync(file, lines.map((line) => stringifyOgmios(line)).join('\n') + '\n');
  const devnet = await startDevnet({ chain: { file }, network: 'custom', port: 0 });
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url);
  try {
    const tip = finalChain(lines).at(-1)!.id;
    const indexer = await startIndexer(
      indexerConfig(db.url, devnet.url, { network: 'custom', inProcessWorkers: false }),
      silentLogger,
    );
    try {
      await waitUntil(() => indexer.store.tipPoint?.id === tip, 60_000, 'the tip of the cut chain');
    } finally {
      await indexer.stop();
    }
    const rows = await prisma.$queryRawUnsafe<{ view: string; utxo: string }[]>(
      `SELECT s.view, b.utxo_value::text AS utxo FROM stake_balance b JOIN stake_address s ON s.id = b.stake_address_id`,
    );
    return new Map(rows.map((row) => [row.view, row.utxo]));
  } finally {
    await prisma.$disconnect();
    await db.drop();
    await devnet.close();
    await rm(dir, { recursive: true, force: true });
  }
}

// Accounts, pools and balances written as the indexer writes them, with the figures the boundary's state
// gives worked out by hand: epoch 3 is block 1, epoch 4 (the node's) blocks 2 and 3.
describe('the stake snapshot of a boundary', () => {
  const database = prismaDatabase();

  beforeAll(async () => {
    const run = (sql: string) => database.prisma.$executeRawUnsafe(sql);
    for (const [id, epoch, slot] of [
      [1, 3, 100],
      [2, 4, 200],
      [3, 4, 300],
    ]) {
      await run(`INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
        VALUES (${id}, decode(lpad('${id}', 64, '0'), 'hex'), ${id}, ${slot}, false, ${epoch}, ${id}, 0, 0, 1, 'x', 'conway')`);
      await run(`INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
        redeemer_count, pool_retire_count) VALUES (${id}, decode(lpad('${id}', 64, '0'), 'hex'), ${id}, 0, true, 0, 0, 0, 0, 0, 0, 0)`);
    }
    const pool = (n: number) => `decode(repeat('${n}${n}', 28), 'hex')`;
    // Pool 1 stays, pool 2 retires in epoch 4 (after the ledger's snapshot), pool 3 retired in epoch 3.
    await run(`INSERT INTO pool_registration (id, tx_id, cert_index, pool_hash) VALUES
      (1, 1, 0, ${pool(1)}), (2, 1, 1, ${pool(2)}), (3, 1, 2, ${pool(3)})`);
    await run(`INSERT INTO pool_retire (id, tx_id, cert_index, pool_hash, retiring_epoch) VALUES
      (1, 1, 3, ${pool(2)}, 4), (2, 1, 4, ${pool(3)}, 3)`);
    await run(`INSERT INTO address (id, address, first_block_id) VALUES (1, 'addr_test1x', 1)`);
    // Credentials in the reverse of id order, account 4's a script's (the ledger orders those first).
    for (let id = 1; id <= 6; id++)
      await run(`INSERT INTO stake_address (id, hash_raw, view, first_block_id)
        VALUES (${id}, decode('${id === 4 ? 'f0' : 'e0'}' || repeat('0${9 - id}', 28), 'hex'), 'stake_test1_${id}', 1)`);
    // 1: pool 1; 2: pool 2; 3: pool 3; 4: pool 1, deregistered after the boundary; 5: registered, not
    // delegated; 6: registered and delegated after the boundary.
    await run(`INSERT INTO stake_registration (id, tx_id, cert_index, stake_address_id, deregistration) VALUES
      (1, 1, 10, 1, false), (2, 1, 11, 2, false), (3, 1, 12, 3, false), (4, 1, 13, 4, false),
      (5, 1, 14, 5, false), (6, 2, 0, 4, true), (7, 2, 1, 6, false)`);
    await run(`INSERT INTO delegation (id, tx_id, cert_index, stake_address_id, pool_hash) VALUES
      (1, 1, 20, 1, ${pool(1)}), (2, 1, 21, 2, ${pool(2)}), (3, 1, 22, 3, ${pool(3)}), (4, 1, 23, 4, ${pool(1)}),
      (5, 2, 2, 6, ${pool(1)})`);
    // Account 1 held 1,000 at the boundary, spent it in block 2 and got 300 back; account 2 holds 500.
    await run(`INSERT INTO tx_out (id, tx_id, index, address_id, stake_address_id, value, has_assets) VALUES
      (1, 1, 0, 1, 1, 1000, false), (2, 2, 0, 1, 1, 300, false), (3, 1, 1, 1, 2, 500, false)`);
    await run(`INSERT INTO tx_out_spend (tx_out_id, tx_id) VALUES (1, 2)`);
    await run(
      `INSERT INTO unspent_tx_out (tx_out_id, address_id, has_assets) VALUES (2, 1, false), (3, 1, false)`,
    );
    await run(`INSERT INTO stake_balance (stake_address_id, utxo_value) VALUES (1, 300), (2, 500)`);
    // Account 1's rewards were read at slot 250: after its withdrawal of 20 (slot 200), before that of 5.
    await run(`INSERT INTO reward_balance (stake_address_id, amount, slot) VALUES (1, 50, 250), (4, 0, 250)`);
    await run(
      `INSERT INTO withdrawal (id, tx_id, stake_address_id, amount) VALUES (1, 2, 1, 20), (2, 3, 1, 5)`,
    );
  }, 60_000);

  it('holds each account delegated at the boundary with its stake then, in the ledger’s order, under the next epoch', async () => {
    expect(await storeAccountStakeSnapshot(database.prisma, 4, 250n)).toEqual({
      activeEpoch: 5,
      accounts: 3,
    });
    const rows = await database.prisma.$queryRawUnsafe<unknown[]>(
      `SELECT epoch, position::int4, stake_address_id::int4 AS account, encode(pool_hash, 'hex') AS pool,
         amount::text, rewards::text
       FROM epoch_stake ORDER BY epoch, position`,
    );
    expect(rows).toEqual([
      { epoch: 5, position: 1, account: 4, pool: '11'.repeat(28), amount: '0', rewards: '0' },
      { epoch: 5, position: 2, account: 2, pool: '22'.repeat(28), amount: '500', rewards: '0' },
      { epoch: 5, position: 3, account: 1, pool: '11'.repeat(28), amount: '1070', rewards: '70' },
    ]);
    expect(
      await database.prisma.$queryRawUnsafe(
        `SELECT epoch, taken_in_epoch, slot::text, accounts, amount::text, encode(boundary_hash, 'hex') AS boundary
         FROM epoch_stake_snapshot`,
      ),
    ).toEqual([
      // Epoch 4 began with block 2.
      {
        epoch: 5,
        taken_in_epoch: 4,
        slot: '250',
        accounts: 3,
        amount: '1570',
        boundary: '2'.padStart(64, '0'),
      },
    ]);
  });
});
