import {
  accountsStakeAddressUtxos,
  createPrismaClient,
  type AddressUtxoRow,
  type PrismaClient,
} from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { PREPROD_CHAIN_TIME, type OgmiosBlock } from '@frostline/model';
import { preprodChunkBlocks } from '../test-support/chains.js';
import { dumpChainTables } from '../test-support/compare-databases.js';
import { utxoSupplyAndRecomputation } from '../test-support/database.js';
import { MissingTransactionCborError, UnknownRollbackPointError } from '../errors.js';
import { ChainStore } from './chain-store.js';
import { ROLLBACK_TABLES } from './rollback.js';

// Pools made every block of the preprod chunk: no genesis delegate matters here.
const options = {
  networkId: 0,
  chainTime: PREPROD_CHAIN_TIME,
  securityParameter: 2160,
  genesisDelegates: new Set<string>(),
};

async function freshStore(allowMissingTxCbor = false) {
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url);
  const store = new ChainStore(prisma, { ...options, allowMissingTxCbor });
  await store.load();
  return { db, prisma, store };
}

async function writeInBatches(store: ChainStore, blocks: OgmiosBlock[], size: number) {
  for (let i = 0; i < blocks.length; i += size) await store.write(blocks.slice(i, i + size));
}

describe('ChainStore on 864 real preprod blocks', () => {
  const blocks = preprodChunkBlocks();
  let db: TestDatabase;
  let prisma: PrismaClient;
  let store: ChainStore;

  beforeAll(async () => {
    ({ db, prisma, store } = await freshStore());
    await writeInBatches(store, blocks, 100);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('stores every block and transaction with their derived fields', async () => {
    const [counts] = await prisma.$queryRawUnsafe<{ blocks: bigint; txs: bigint }[]>(
      `SELECT (SELECT count(*) FROM block) AS blocks, (SELECT count(*) FROM tx) AS txs`,
    );
    const txCount = blocks.reduce((n, b) => n + (b.transactions?.length ?? 0), 0);
    expect(counts).toEqual({ blocks: BigInt(blocks.length), txs: BigInt(txCount) });
    const first = blocks[0]!;
    const [row] = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT height, slot, epoch, epoch_slot, time, tx_count, encode(previous_hash, 'hex') AS previous FROM block ORDER BY id LIMIT 1`,
    );
    const expected = PREPROD_CHAIN_TIME.slotTime(first.slot!);
    expect(row).toEqual({
      height: first.height,
      slot: BigInt(first.slot!),
      epoch: expected.epoch,
      epoch_slot: expected.epochSlot,
      time: BigInt(expected.unixTime),
      tx_count: first.transactions?.length ?? 0,
      previous: first.ancestor,
    });
  });

  it('resumes from blocks down to k back, and from the start point while all of it may be rolled back', async () => {
    const back = (n: number) => {
      const block = blocks[blocks.length - 1 - n]!;
      return { slot: block.slot!, id: block.id };
    };
    const start = { slot: 1, id: 'ab'.repeat(32) };
    // k = 2160 blocks back is before the first of these 864.
    expect((await store.intersectionPoints(start)).slice(-2)).toEqual([back(512), start]);
    const smallK = new ChainStore(prisma, { ...options, securityParameter: 6 });
    expect(await smallK.intersectionPoints(start)).toEqual([0, 1, 2, 4, 6].map(back));
  });

  it('keeps stake balances equal to the live outputs of each stake address', async () => {
    const mismatches = await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT s.id FROM stake_address s
       LEFT JOIN stake_balance b ON b.stake_address_id = s.id
       LEFT JOIN (SELECT stake_address_id, sum(value) AS v FROM tx_out o
                  WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id) GROUP BY 1) o
         ON o.stake_address_id = s.id
       WHERE coalesce(b.utxo_value, 0) <> coalesce(o.v, 0)`,
    );
    expect(mismatches).toEqual([]);
  });

  it('keeps unspent_tx_out equal to the outputs no transaction spent', async () => {
    const [diff] = await prisma.$queryRawUnsafe<{ live: bigint; missing: bigint; extra: bigint }[]>(
      `WITH live AS (
         SELECT o.id, o.address_id, o.payment_cred, o.has_assets, o.stake_address_id FROM tx_out o
         WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id))
       SELECT (SELECT count(*) FROM live) AS live,
              (SELECT count(*) FROM (SELECT * FROM live EXCEPT SELECT * FROM unspent_tx_out) d) AS missing,
              (SELECT count(*) FROM (SELECT * FROM unspent_tx_out EXCEPT SELECT * FROM live) d) AS extra`,
    );
    expect(diff!.live).toBeGreaterThan(0n);
    expect(diff).toMatchObject({ missing: 0n, extra: 0n });
  });

  it('keeps unspent_ma_tx_out equal to the asset amounts of the live outputs', async () => {
    const [diff] = await prisma.$queryRawUnsafe<{ live: bigint; missing: bigint; extra: bigint }[]>(
      `WITH live AS (
         SELECT m.tx_out_id, m.asset_id, o.address_id FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id
         WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id))
       SELECT (SELECT count(*) FROM live) AS live,
              (SELECT count(*) FROM (SELECT * FROM live EXCEPT SELECT tx_out_id, asset_id, address_id FROM unspent_ma_tx_out) d) AS missing,
              (SELECT count(*) FROM (SELECT tx_out_id, asset_id, address_id FROM unspent_ma_tx_out EXCEPT SELECT * FROM live) d) AS extra`,
    );
    expect(diff!.live).toBeGreaterThan(0n);
    expect(diff).toMatchObject({ missing: 0n, extra: 0n });
  });

  it('keeps address_utxo equal to the live outputs as address_utxo_source defines them', async () => {
    const [diff] = await prisma.$queryRawUnsafe<{ live: bigint; missing: bigint; extra: bigint }[]>(
      `WITH live AS (
         SELECT s.* FROM address_utxo_source s
         WHERE s.tx_out_id IN (SELECT id FROM tx_out o WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id)))
       SELECT (SELECT count(*) FROM live) AS live,
              (SELECT count(*) FROM (SELECT * FROM live EXCEPT SELECT * FROM address_utxo) d) AS missing,
              (SELECT count(*) FROM (SELECT * FROM address_utxo EXCEPT SELECT * FROM live) d) AS extra`,
    );
    expect(diff!.live).toBeGreaterThan(0n);
    expect(diff).toMatchObject({ missing: 0n, extra: 0n });
  });

  it('keeps utxo_supply equal to the sums over the live outputs', async () => {
    const { stored, recomputed } = await utxoSupplyAndRecomputation(db.url);
    expect(BigInt(recomputed.lovelace)).toBeGreaterThan(0n);
    expect(stored).toEqual(recomputed);
  });

  it("lists an account's live outputs, however many it spent, through a rollback of their spends", async () => {
    // The account that spent the most outputs, and the block before its first spend.
    const [account] = await prisma.$queryRawUnsafe<
      { view: string; spent: bigint; point: string; slot: bigint }[]
    >(
      `WITH a AS (
         SELECT s.view, count(*) AS spent, min(t.block_id) AS since
         FROM tx_out o JOIN tx_out_spend sp ON sp.tx_out_id = o.id JOIN tx t ON t.id = sp.tx_id
         JOIN stake_address s ON s.id = o.stake_address_id
         GROUP BY s.view ORDER BY count(*) DESC LIMIT 1)
       SELECT a.view, a.spent, encode(b.hash, 'hex') AS point, b.slot
       FROM a, LATERAL (SELECT hash, slot FROM block WHERE id < a.since ORDER BY id DESC LIMIT 1) b`,
    );
    expect(account!.spent).toBeGreaterThan(10n);
    const outputs = (rows: AddressUtxoRow[]) =>
      rows.map(({ tx_hash, output_index }) => ({ tx_hash, output_index }));
    // The account's outputs no transaction spent, from the chain's history.
    const recomputed = (client: PrismaClient) =>
      client.$queryRawUnsafe<{ tx_hash: string; output_index: number }[]>(
        `SELECT encode(t.hash, 'hex') AS tx_hash, o.index AS output_index
         FROM tx_out o JOIN tx t ON t.id = o.tx_id JOIN stake_address s ON s.id = o.stake_address_id
         WHERE s.view = $1 AND NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id)
         ORDER BY o.id`,
        account!.view,
      );
    const page = async (client: PrismaClient, limit: number, offset: number, order: 'asc' | 'desc') =>
      outputs(
        (await accountsStakeAddressUtxos(client, { stakeAddress: account!.view, limit, offset, order })).rows,
      );
    const listed = async (client: PrismaClient) => {
      const all = [];
      for (let offset = 0; ; offset += 3) {
        const rows = await page(client, 3, offset, 'asc');
        all.push(...rows);
        if (rows.length < 3) return all;
      }
    };
    const live = await recomputed(prisma);
    expect(live.length).toBeGreaterThan(0);
    expect(await listed(prisma)).toEqual(live);
    expect(await page(prisma, 1, 0, 'desc')).toEqual(live.slice(-1));
    const rollback = await freshStore();
    try {
      await writeInBatches(rollback.store, blocks, 100);
      await rollback.store.rollBackTo({ slot: Number(account!.slot), id: account!.point });
      const liveAgain = await recomputed(rollback.prisma);
      // The output it spent first is live again.
      expect(
        liveAgain.filter(
          (o) => !live.some((l) => l.tx_hash === o.tx_hash && l.output_index === o.output_index),
        ),
      ).not.toEqual([]);
      expect(await listed(rollback.prisma)).toEqual(liveAgain);
    } finally {
      await rollback.prisma.$disconnect();
      await rollback.db.drop();
    }
  });

  it('rolls back to a point exactly as if only the chain up to it had been indexed', async () => {
    const keep = blocks.length - 137;
    const point = blocks[keep - 1]!;
    expect(await store.rollBackTo({ slot: point.slot!, id: point.id })).toBe(137);
    const reference = await freshStore();
    try {
      await writeInBatches(reference.store, blocks.slice(0, keep), 250);
      expect(await dumpChainTables(db.url)).toEqual(await dumpChainTables(reference.db.url));
      const rolledBack = await utxoSupplyAndRecomputation(db.url);
      expect(rolledBack.stored).toEqual(rolledBack.recomputed);
      // …and the chain can go on from there.
      await writeInBatches(store, blocks.slice(keep), 50);
      await writeInBatches(reference.store, blocks.slice(keep), 137);
      expect(await dumpChainTables(db.url)).toEqual(await dumpChainTables(reference.db.url));
    } finally {
      await reference.prisma.$disconnect();
      await reference.db.drop();
    }
  });

  it('knows what a rollback does with every table of the schema', async () => {
    const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual(Object.values(ROLLBACK_TABLES).flat().sort());
  });

  it('refuses a rollback to a point it does not know', async () => {
    await expect(store.rollBackTo({ slot: 1, id: 'ff'.repeat(32) })).rejects.toThrow(
      UnknownRollbackPointError,
    );
  });
});

describe('address_utxo through a long catch-up, on the same 864 blocks', () => {
  const blocks = preprodChunkBlocks();
  let deferred: Awaited<ReturnType<typeof freshStore>>;
  let maintained: Awaited<ReturnType<typeof freshStore>>;

  beforeAll(async () => {
    [deferred, maintained] = await Promise.all([freshStore(), freshStore()]);
  });
  afterAll(async () => {
    for (const { prisma, db } of [deferred, maintained]) {
      await prisma?.$disconnect();
      await db?.drop();
    }
  });

  const deferral = async (prisma: PrismaClient) =>
    prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM address_utxo_deferral`);
  const liveAnswers = (prisma: PrismaClient) =>
    prisma.$queryRawUnsafe<unknown[]>(
      `SELECT * FROM address_utxo_answer WHERE tx_out_id IN (SELECT tx_out_id FROM unspent_tx_out)
       ORDER BY tx_out_id`,
    );
  const addressUtxoRows = async (prisma: PrismaClient) =>
    Number((await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM address_utxo`))[0]!.n);
  const liveOutputIndexes = (prisma: PrismaClient) =>
    prisma.$queryRawUnsafe<{ indexname: string; indexdef: string }[]>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('unspent_tx_out', 'unspent_ma_tx_out')
       ORDER BY indexname`,
    );

  it('is left empty while the blocks left outnumber its rows, and the readers answer as if it were kept', async () => {
    for (let i = 0; i < 600; i += 100) {
      const left = blocks.length - (i + 100);
      expect((await deferred.store.write(blocks.slice(i, i + 100), left)).addressUtxo.change).toBe(
        i === 0 ? 'deferred' : null,
      );
      await maintained.store.write(blocks.slice(i, i + 100));
    }
    expect(await deferral(deferred.prisma)).toEqual([{ id: 1 }]);
    expect(await addressUtxoRows(deferred.prisma)).toBe(0);
    // only the primary keys are left, and the index the holders' order probes every batch
    expect((await liveOutputIndexes(deferred.prisma)).map((i) => i.indexname)).toEqual([
      'unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx',
      'unspent_ma_tx_out_pkey',
      'unspent_tx_out_pkey',
    ]);
    const answers = await liveAnswers(maintained.prisma);
    expect(answers.length).toBeGreaterThan(100);
    expect(await liveAnswers(deferred.prisma)).toEqual(answers);
  });

  it('stays empty through a rollback, and is filled by the first batch at the tip', async () => {
    const point = blocks[600 - 37 - 1]!;
    for (const { store } of [deferred, maintained])
      await store.rollBackTo({ slot: point.slot!, id: point.id });
    expect(await addressUtxoRows(deferred.prisma)).toBe(0);
    expect(await liveAnswers(deferred.prisma)).toEqual(await liveAnswers(maintained.prisma));
    const rest = blocks.slice(600 - 37);
    expect((await deferred.store.write(rest.slice(0, 200), rest.length - 200)).addressUtxo.change).toBeNull();
    expect((await deferred.store.write(rest.slice(200))).addressUtxo.change).toBe('filled');
    await maintained.store.write(rest);
    expect(await deferral(deferred.prisma)).toEqual([]);
    expect(await addressUtxoRows(deferred.prisma)).toBeGreaterThan(0);
    // built again as the migrations define them
    expect(await liveOutputIndexes(deferred.prisma)).toEqual(await liveOutputIndexes(maintained.prisma));
    expect((await liveOutputIndexes(deferred.prisma)).length).toBe(7);
    expect(await dumpChainTables(deferred.db.url)).toEqual(await dumpChainTables(maintained.db.url));
  });

  it('is kept by a catch-up whose outputs left are fewer than its rows', async () => {
    const more = await freshStore();
    try {
      await more.store.write(blocks.slice(0, 800));
      const rows = await addressUtxoRows(more.prisma);
      // one block left, at this batch's outputs per block, against the rows of 800 blocks' live outputs
      expect((await more.store.write(blocks.slice(800, 832), 1)).addressUtxo.change).toBeNull();
      expect(await deferral(more.prisma)).toEqual([]);
      expect(await addressUtxoRows(more.prisma)).toBeGreaterThan(rows / 2);
      expect((await more.store.write(blocks.slice(832), 1_000_000)).addressUtxo.change).toBe('deferred');
    } finally {
      await more.prisma.$disconnect();
      await more.db.drop();
    }
  });
});

describe('transactions that arrive without their CBOR (Ogmios without --include-cbor)', () => {
  // The first blocks of the chunk up to the first one with transactions, whose CBOR is left out.
  const withTxs = preprodChunkBlocks().findIndex((b) => (b.transactions?.length ?? 0) > 0);
  const blocks = preprodChunkBlocks()
    .slice(0, withTxs + 1)
    .map((block) => ({
      ...block,
      transactions: block.transactions?.map(({ cbor: _cbor, ...tx }) => tx),
    })) as OgmiosBlock[];
  const firstTx = blocks.at(-1)!.transactions![0]!.id;

  it('stop the indexer with one line that says what to do', async () => {
    const { db, prisma, store } = await freshStore();
    try {
      await expect(store.write(blocks)).rejects.toThrow(new MissingTransactionCborError(firstTx));
      expect(new MissingTransactionCborError(firstTx).message).toMatch(
        /--include-cbor.*INDEXER_ALLOW_MISSING_CBOR=true/,
      );
      const [{ n }] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM tx`);
      expect(n).toBe(0n);
    } finally {
      await prisma.$disconnect();
      await db.drop();
    }
  });

  it('are stored with size 0 and no CBOR when INDEXER_ALLOW_MISSING_CBOR allows it', async () => {
    const { db, prisma, store } = await freshStore(true);
    try {
      await store.write(blocks);
      const rows = await prisma.$queryRawUnsafe<{ size: number; cbor: boolean }[]>(
        `SELECT t.size, EXISTS (SELECT 1 FROM tx_cbor c WHERE c.tx_id = t.id) AS cbor FROM tx t`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.size === 0 && !r.cbor)).toBe(true);
    } finally {
      await prisma.$disconnect();
      await db.drop();
    }
  });
});
