import { pgPool, type PrismaClient } from '@frostline/db';
import type pg from 'pg';
import {
  decodeBlock,
  genesisBlock,
  type ChainTime,
  type DecodedBlock,
  type GenesisFunds,
  type OgmiosBlock,
} from '@frostline/model';
import { MissingTransactionCborError, RollbackTooDeepError, UnknownRollbackPointError } from '../errors.js';
import { ID_TABLES, IdAllocator, TRANSACTION_TABLES, type IdTable } from '../project/ids.js';
import { batchKeys } from '../project/keys.js';
import { projectBatch } from '../project/project-batch.js';
import { changesSupply } from '../project/rows.js';
import { lookUp } from './lookups.js';
import { RecentOutputs } from './recent-outputs.js';
import { CopyBuffer } from './sql.js';
import { undoSupplyChange } from './utxo-supply.js';
import { batchWrite } from './write-rows.js';

/**
 * Every table the chain fills, with the tables that hold no chain data: a test checks that this
 * covers the whole schema, so a new table cannot be forgotten by rollbacks.
 */
export const ROLLBACK_TABLES = {
  rangeDeleted: [
    'block',
    'tx',
    'tx_out',
    'ma_tx_out',
    'tx_cbor',
    'tx_out_spend',
    ...TRANSACTION_TABLES,
    'address',
    'stake_address',
    'asset',
  ],
  perAccount: ['stake_balance', 'reward_balance', 'reward_refresh'],
  /** the change the removed transactions made is taken back (utxo-supply.ts) */
  sums: ['utxo_supply'],
  /** the removed transactions' ticker records are taken out of their totals */
  perTicker: ['nutlink_ticker_total'],
  /** rows of outputs created after the point go, rows of outputs spent after it come back */
  perLiveOutput: ['unspent_tx_out', 'unspent_ma_tx_out', 'address_utxo'],
  notChainData: [
    'address_utxo_deferral',
    'token_metadata',
    'nutlink_metadata',
    'indexer_status',
    'protocol_parameters',
    'genesis',
    'era_summary',
    '_prisma_migrations',
  ],
} as const;

/**
 * The deletes of a rollback to block $1 whose last transaction is $2 and whose first removed output is
 * $3 (null when none is removed), as one statement (one round trip; data-modifying CTEs all run, on
 * the same snapshot). Each delete walks the index of the column that orders its table, so a rollback
 * costs what it removes, not what the table holds: the removed outputs' rows are one range of their
 * tables' tx_out_id keys, not a probe per output.
 * Outputs spent after the point become unspent again: their spends go, and they return to unspent_tx_out,
 * their asset amounts to unspent_ma_tx_out and their answers to address_utxo (read on the snapshot, before
 * the deletes) unless address_utxo is deferred, when it stays empty. Each nut.link ticker total loses the
 * records removed, and its latest transaction becomes the latest record left (one index probe), unless it had
 * none before the point.
 */
const ROLLBACK_SQL = `WITH
  unspent_again AS MATERIALIZED (
    SELECT o.id, o.address_id, o.payment_cred, o.has_assets
    FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
    WHERE sp.tx_id > $2 AND o.tx_id <= $2),
  unspent AS (
    INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets)
    SELECT id, address_id, payment_cred, has_assets FROM unspent_again),
  unspent_amounts AS (
    INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id)
    SELECT m.tx_out_id, m.asset_id, o.address_id FROM unspent_again o JOIN ma_tx_out m ON m.tx_out_id = o.id
    WHERE o.has_assets),
  unspent_answers AS (
    INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s
    WHERE s.tx_out_id IN (SELECT id FROM unspent_again)
      AND NOT EXISTS (SELECT 1 FROM address_utxo_deferral)),
  ticker_records_removed AS (
    SELECT address_id, ticker, count(*) AS records FROM nutlink_ticker WHERE tx_id > $2 GROUP BY address_id, ticker),
  ticker_totals_removed AS (
    DELETE FROM nutlink_ticker_total s USING ticker_records_removed r
    WHERE s.address_id = r.address_id AND s.ticker = r.ticker AND s.first_tx_id > $2),
  ticker_totals_cut AS (
    UPDATE nutlink_ticker_total s SET records = s.records - r.records, latest_tx_id = (
      SELECT max(t.tx_id) FROM nutlink_ticker t WHERE t.address_id = s.address_id AND t.ticker = s.ticker AND t.tx_id <= $2)
    FROM ticker_records_removed r
    WHERE s.address_id = r.address_id AND s.ticker = r.ticker AND s.first_tx_id <= $2),
  outputs AS (DELETE FROM tx_out WHERE id >= $3),
  amounts AS (DELETE FROM ma_tx_out WHERE tx_out_id >= $3),
  spends AS (DELETE FROM tx_out_spend WHERE tx_id > $2),
  live_outputs AS (DELETE FROM unspent_tx_out WHERE tx_out_id >= $3),
  live_amounts AS (DELETE FROM unspent_ma_tx_out WHERE tx_out_id >= $3),
  live_answers AS (DELETE FROM address_utxo WHERE tx_out_id >= $3),
  cbors AS (DELETE FROM tx_cbor WHERE tx_id > $2),
  ${TRANSACTION_TABLES.map((table) => `${table}_rows AS (DELETE FROM ${table} WHERE tx_id > $2)`).join(',\n  ')},
  txs AS (DELETE FROM tx WHERE id > $2),
  accounts AS (DELETE FROM stake_address WHERE first_block_id > $1 RETURNING id),
  balances AS (DELETE FROM stake_balance WHERE stake_address_id IN (SELECT id FROM accounts)),
  rewards AS (DELETE FROM reward_balance WHERE stake_address_id IN (SELECT id FROM accounts)),
  refreshes AS (DELETE FROM reward_refresh WHERE stake_address_id IN (SELECT id FROM accounts)),
  addresses AS (DELETE FROM address WHERE first_block_id > $1),
  assets AS (DELETE FROM asset WHERE first_block_id > $1),
  blocks AS (DELETE FROM block WHERE id > $1)
SELECT 1`;

export interface ChainPoint {
  slot: number;
  id: string;
}

export interface ChainStoreOptions {
  networkId: number;
  chainTime: ChainTime;
  /** the security parameter k: how deep a rollback may go */
  securityParameter: number;
  /** key hashes of the Shelley genesis delegates: their blocks' slot leader is `ShelleyGenesis-…` */
  genesisDelegates: ReadonlySet<string>;
  /**
   * the Byron genesis hash, which names the genesis pseudo-block and is the first block's previous
   * block (BYRON_GENESIS_HASHES of the public networks; unknown for a custom one)
   */
  genesisHash?: string;
  /** index transactions without CBOR (size 0, no /txs/{hash}/cbor) instead of stopping */
  allowMissingTxCbor?: boolean;
}

/**
 * address_utxo's rows are the view's rows of the live outputs. Filled through the view in one statement,
 * as the migration that created the table filled it, in the order of its wide covering index: each
 * entry then lands beside the previous one instead of on a random leaf page, much faster than a fill in
 * output order. Dropping the indexes and building them after the fill would be faster still but holds an
 * exclusive lock that stalls every address read for the whole fill (docs/data-model.md#busy-addresses).
 */
const FILL_ADDRESS_UTXO_SQL = `INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s
  WHERE s.tx_out_id IN (SELECT tx_out_id FROM unspent_tx_out)
  ORDER BY s.address_id, s.tx_out_id`;

/**
 * The live-output tables' indexes that only readers walk (an address's or a payment credential's live
 * outputs): the indexer reaches these tables by primary key. A long catch-up drops them when it defers
 * address_utxo and builds them again when it fills it, as db-sync builds its indexes once it nears the
 * tip. Entering each new output into them and taking out each spent one costs PostgreSQL CPU on every
 * block, which the catch-up saves until the fill.
 * The definitions are the migrations' (chain-store.test.ts compares them after a fill).
 */
export const LIVE_OUTPUT_READ_INDEXES: readonly { name: string; definition: string }[] = [
  {
    name: 'unspent_tx_out_address_id_tx_out_id_idx',
    definition: 'ON "unspent_tx_out"("address_id", "tx_out_id") INCLUDE ("has_assets")',
  },
  {
    name: 'unspent_tx_out_payment_cred_tx_out_id_idx',
    definition: 'ON "unspent_tx_out"("payment_cred", "tx_out_id") INCLUDE ("has_assets")',
  },
  {
    name: 'unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx',
    definition: 'ON "unspent_ma_tx_out"("address_id", "asset_id", "tx_out_id")',
  },
];

/**
 * What the batch that starts a deferral runs first: address_utxo emptied (TRUNCATE, not DELETE: it may
 * hold every live output of the chain so far), the deferral recorded, the readers' indexes dropped.
 */
export const DEFER_ADDRESS_UTXO_SQL: readonly string[] = [
  'TRUNCATE address_utxo',
  `INSERT INTO address_utxo_deferral (id, since_block_id) SELECT 1, coalesce(max(id), 0) FROM block`,
  ...LIVE_OUTPUT_READ_INDEXES.map(({ name }) => `DROP INDEX IF EXISTS "${name}"`),
];

/**
 * What the batch that ends a deferral runs after its writes: address_utxo filled, the readers' indexes
 * built again (IF NOT EXISTS: a deferral recorded by an older version kept them), the deferral removed,
 * and address_utxo analyzed, as the readers' plans need its new size now, not after autovacuum's next look.
 */
const END_DEFERRAL_SQL: readonly string[] = [
  FILL_ADDRESS_UTXO_SQL,
  ...LIVE_OUTPUT_READ_INDEXES.map(
    ({ name, definition }) => `CREATE INDEX IF NOT EXISTS "${name}" ${definition}`,
  ),
  'DELETE FROM address_utxo_deferral',
  'ANALYZE address_utxo',
];

/**
 * What a batch does with address_utxo: keeps it up to date, leaves it empty (a long catch-up; see
 * {@link ChainStore.writeDecoded}), or fills it after a deferral.
 */
type AddressUtxoPlan = 'maintain' | 'defer' | 'fill';

export interface WriteResult {
  /** units of assets first seen in the batch (token-registry lookups) */
  newAssets: string[];
  /** how many stake addresses the batch marked in reward_refresh (their reward balance may have changed) */
  markedAccounts: number;
  blocks: number;
  transactions: number;
  outputs: number;
  rows: number;
  decodeMs: number;
  databaseMs: number;
  addressUtxo: {
    /** left empty after this batch (a long catch-up) */
    deferred: boolean;
    /** emptied for a catch-up (deferred) or filled at its end by this batch's transaction */
    change: 'deferred' | 'filled' | null;
    /** what filling it took (0 unless filled) */
    fillMs: number;
  };
}

/**
 * The indexer's only way to change the database: append a batch of blocks (one transaction, ids
 * advanced only once it commits) or roll back to a point (one transaction).
 */
export class ChainStore {
  private ids = new IdAllocator(new Map());
  private tip: { slot: number; id: string; height: number | null; epoch: number } | null = null;
  private decodedSlot: number | null = null;
  private addressUtxoDeferred = false;
  // ≈ 200 bytes each: at most ≈ 40 MB.
  private readonly recentOutputs = new RecentOutputs(200_000);
  private readonly copyBuffer = new CopyBuffer();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: ChainStoreOptions,
  ) {}

  async load(): Promise<void> {
    const union = ID_TABLES.map((table) => `SELECT '${table}' AS name, max(id) AS id FROM "${table}"`).join(
      ' UNION ALL ',
    );
    const rows = await this.prisma.$queryRawUnsafe<{ name: IdTable; id: bigint | null }[]>(union);
    this.ids = new IdAllocator(new Map(rows.map((r) => [r.name, r.id ?? 0n])));
    const [tip] = await this.prisma.$queryRawUnsafe<
      { slot: bigint; hash: string; height: number | null; epoch: number }[]
    >(
      `SELECT slot, encode(hash, 'hex') AS hash, height, epoch FROM block WHERE era <> 'genesis' ORDER BY id DESC LIMIT 1`,
    );
    this.tip = tip ? { slot: Number(tip.slot), id: tip.hash, height: tip.height, epoch: tip.epoch } : null;
    const [{ deferred }] = await this.prisma.$queryRawUnsafe<{ deferred: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM address_utxo_deferral) AS deferred`,
    );
    this.addressUtxoDeferred = deferred;
    this.resetDecoding();
    this.recentOutputs.clear();
  }

  get tipPoint(): ChainPoint | null {
    return this.tip && { slot: this.tip.slot, id: this.tip.id };
  }

  get tipHeight(): number | null {
    return this.tip?.height ?? null;
  }

  get tipEpoch(): number | null {
    return this.tip?.epoch ?? null;
  }

  /**
   * Points to resume from, best first: the tip, then exponentially older blocks down to k back
   * (tip-1, -2, -4 …, tip-k), so a restart on a fork of up to k blocks finds the common ancestor, and
   * finding none means the chains parted deeper than k. A chain of k blocks or fewer may be rolled
   * back whole: it ends with `start`, where it began.
   */
  async intersectionPoints(start: ChainPoint | 'origin'): Promise<(ChainPoint | 'origin')[]> {
    const k = this.options.securityParameter;
    const offsets = new Set([0, k]);
    for (let step = 1; step < k; step *= 2) offsets.add(step);
    const rows = await this.prisma.$queryRawUnsafe<{ n: bigint; slot: bigint; hash: string }[]>(
      `SELECT o.n, b.slot, encode(b.hash, 'hex') AS hash FROM unnest($1::int8[]) AS o(n)
       JOIN block b ON b.id = (SELECT max(id) FROM block) - o.n WHERE b.era <> 'genesis' ORDER BY o.n`,
      [...offsets].map(BigInt),
    );
    const points: (ChainPoint | 'origin')[] = rows.map((r) => ({ slot: Number(r.slot), id: r.hash }));
    if (rows.at(-1)?.n !== BigInt(k)) points.push(start);
    return points;
  }

  /**
   * On an empty database that starts from the origin: the genesis pseudo-block with the initial
   * funds, which the first transactions spend. Returns false when there was something already.
   */
  async seedGenesis(funds: GenesisFunds, systemStartUnix: number): Promise<boolean> {
    const [{ count }] = await this.prisma.$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM block`,
    );
    if (count > 0n) return false;
    await this.writeDecoded([genesisBlock(funds, systemStartUnix, this.options.genesisHash)], 0);
    this.tip = null;
    return true;
  }

  /**
   * Decodes the next block of the chain (blocks arrive in order; an epoch-boundary block takes its
   * slot from the block before it). The indexer decodes while the previous batch is being written.
   */
  decode(block: OgmiosBlock): DecodedBlock {
    const decoded = decodeBlock(block, {
      chainTime: this.options.chainTime,
      previousSlot: this.decodedSlot,
      genesisHash: this.options.genesisHash,
    });
    this.decodedSlot = decoded.slot;
    if (!this.options.allowMissingTxCbor) {
      const withoutCbor = decoded.transactions.find((tx) => tx.details.cbor === null);
      if (withoutCbor) throw new MissingTransactionCborError(withoutCbor.hash);
    }
    return decoded;
  }

  /** Decoding continues from the stored tip. */
  private resetDecoding(): void {
    this.decodedSlot = this.tip?.slot ?? null;
  }

  async write(blocks: OgmiosBlock[], blocksLeft: number | null = null): Promise<WriteResult> {
    const started = performance.now();
    const decoded = blocks.map((block) => this.decode(block));
    return this.writeDecoded(decoded, performance.now() - started, blocksLeft);
  }

  /**
   * Writes decoded blocks in one transaction; `decodeMs` is what decoding them took, for metrics.
   *
   * `blocksLeft`: how many blocks the node has after these while catching up far from its tip (null at
   * the tip). A catch-up inserts into address_utxo most outputs it creates only to delete them when a
   * later batch spends them; filling the table once at the tip costs one row per live output instead.
   * So a catch-up whose remaining outputs (at this batch's outputs per block) outnumber the live outputs
   * empties address_utxo and leaves it empty (readers answer from address_utxo_source meanwhile), and
   * the first batch at the tip fills it: a sync from scratch defers, a restart a few days behind does
   * not.
   */
  async writeDecoded(
    decoded: DecodedBlock[],
    decodeMs: number,
    blocksLeft: number | null = null,
  ): Promise<WriteResult> {
    const started = performance.now() - decodeMs;
    const outputs = decoded.reduce((n, b) => n + b.transactions.reduce((m, t) => m + t.outputs.length, 0), 0);
    const plan = await this.addressUtxoPlan(blocksLeft, outputs / decoded.length);
    const ids = this.ids.fork();
    // Reads need no transaction: this process is the only writer (writer lock).
    const keys = batchKeys(decoded, this.options.networkId);
    const lookups = await lookUp(this.prisma, { ...keys, spends: this.recentOutputs.unknown(keys.spends) });
    const rows = projectBatch(decoded, {
      networkId: this.options.networkId,
      ids,
      genesisDelegates: this.options.genesisDelegates,
      lookups: { ...lookups, outputs: this.recentOutputs.storedBefore(lookups.outputs) },
    });
    const rowCount = Object.values(rows).reduce(
      (n, table) => n + (Array.isArray(table) ? table.length : 'size' in table ? table.size : 0),
      changesSupply(rows) ? 1 : 0,
    );
    const write = batchWrite(rows, { addressUtxo: plan === 'maintain', copyBuffer: this.copyBuffer });
    let fillMs = 0;
    await this.inTransaction(async (client) => {
      if (plan === 'defer' && !this.addressUtxoDeferred)
        for (const sql of DEFER_ADDRESS_UTXO_SQL) await client.query(sql);
      await write.run(client);
      if (plan === 'fill') {
        const filling = performance.now();
        for (const sql of END_DEFERRAL_SQL) await client.query(sql);
        fillMs = performance.now() - filling;
      }
    });
    const addressUtxo = {
      deferred: plan === 'defer',
      change: plan === 'fill' ? 'filled' : plan === 'defer' && !this.addressUtxoDeferred ? 'deferred' : null,
      fillMs,
    } as const;
    this.addressUtxoDeferred = addressUtxo.deferred;
    const newAssets = rows.assets.map((asset) => asset.policy + asset.name);
    this.ids.adopt(ids);
    this.recentOutputs.addCommitted(rows, keys.spends);
    const last = decoded.at(-1)!;
    this.tip = {
      slot: last.slot,
      id: last.hash,
      height: last.height ?? this.tip?.height ?? null,
      epoch: last.epoch,
    };
    const transactions = decoded.reduce((n, b) => n + b.transactions.length, 0);
    return {
      newAssets,
      markedAccounts: rows.rewardAccounts.size,
      blocks: decoded.length,
      transactions,
      outputs,
      rows: rowCount,
      decodeMs,
      databaseMs: performance.now() - started - decodeMs,
      addressUtxo,
    };
  }

  private async addressUtxoPlan(
    blocksLeft: number | null,
    outputsPerBlock: number,
  ): Promise<AddressUtxoPlan> {
    if (blocksLeft === null) return this.addressUtxoDeferred ? 'fill' : 'maintain';
    if (this.addressUtxoDeferred) return 'defer';
    // The planner's row estimate: exact enough to compare with, and no pass over the table. -1 until the
    // table was first analyzed: then counted.
    const [{ live }] = await this.prisma.$queryRawUnsafe<{ live: number }[]>(
      `SELECT CASE WHEN c.reltuples >= 0 THEN c.reltuples::float8 ELSE (SELECT count(*) FROM address_utxo)::float8 END AS live
       FROM pg_class c WHERE c.oid = 'address_utxo'::regclass`,
    );
    return blocksLeft * outputsPerBlock > live ? 'defer' : 'maintain';
  }

  /**
   * Runs `work` in a transaction on a connection of the pool under Prisma: COPY, which the batch
   * write uses, is not in Prisma's query interface.
   */
  private async inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await pgPool(this.prisma).connect();
    // A connection lost mid-transaction (a database restart) fails the pending query, which throws
    // below; its 'error' event, unheard, would end the process.
    const ignoreConnectionError = () => undefined;
    client.on('error', ignoreConnectionError);
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      // A connection that failed mid-transaction is not given back to the pool.
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(true);
      throw error;
    } finally {
      client.off('error', ignoreConnectionError);
    }
  }

  /**
   * Removes every block after `point` and everything derived from them, in one transaction: each
   * table's rows after the point go by range (ids follow chain order; see ROLLBACK_SQL), outputs
   * spent after the point become unspent again, and stake balances get the inverse of the deltas
   * the removed blocks applied. Returns the number of blocks removed.
   */
  async rollBackTo(point: ChainPoint | 'origin'): Promise<number> {
    const removed = await this.prisma.$transaction(
      async (sql) => {
        // One round trip: the block to keep (for the origin, the genesis pseudo-block with the
        // initial funds when there is one: the first block, an index probe), how many blocks follow
        // it, its last transaction, and the first output after it (the lowest id removed: ids follow
        // chain order; two probes of the (tx_id, index) key).
        const [target] = await sql.$queryRawUnsafe<
          { id: bigint | null; count: bigint; last_tx: bigint; first_output: bigint | null }[]
        >(
          `WITH target AS (
             SELECT CASE WHEN $1::bytea IS NULL
               THEN coalesce((SELECT id FROM block WHERE era = 'genesis' AND id = (SELECT min(id) FROM block)), 0)
               ELSE (SELECT id FROM block WHERE hash = $1::bytea) END AS id),
           kept AS (
             SELECT id, (SELECT coalesce(max(id), 0) FROM tx WHERE block_id <= target.id) AS last_tx FROM target)
           SELECT id, (SELECT count(*) FROM block WHERE block.id > kept.id) AS count, last_tx,
                  (SELECT min(id) FROM tx_out WHERE tx_id =
                    (SELECT min(tx_id) FROM tx_out WHERE tx_id > kept.last_tx)) AS first_output
           FROM kept`,
          point === 'origin' ? null : Buffer.from(point.id, 'hex'),
        );
        const where = point === 'origin' ? 'origin' : `${point.slot}.${point.id}`;
        if (target!.id === null)
          throw new UnknownRollbackPointError(
            `the node rolls back to ${where}, a block the index does not hold: it follows another chain`,
          );
        const { id: blockId, count, last_tx, first_output } = target!;
        if (point !== 'origin' && count > BigInt(this.options.securityParameter)) {
          throw new RollbackTooDeepError(
            `the node rolls back ${count} blocks, to ${where}, deeper than k = ${this.options.securityParameter}: ` +
              `blocks that deep are final, so it follows another chain than the one indexed (nothing was rolled back)`,
          );
        }
        if (count === 0n) return 0;
        // Undo the balance deltas: live outputs created after the point stop counting, outputs
        // created up to the point and spent after it count again.
        const balances = await sql.$queryRawUnsafe<{ id: bigint; value: bigint }[]>(
          `INSERT INTO stake_balance (stake_address_id, utxo_value)
           SELECT stake_address_id, sum(d) FROM (
             SELECT o.stake_address_id, -o.value AS d FROM tx_out o
               WHERE o.tx_id > $1 AND o.stake_address_id IS NOT NULL
                 AND EXISTS (SELECT 1 FROM unspent_tx_out u WHERE u.tx_out_id = o.id)
             UNION ALL
             SELECT o.stake_address_id, o.value FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
               WHERE sp.tx_id > $1 AND o.tx_id <= $1 AND o.stake_address_id IS NOT NULL
           ) changes GROUP BY stake_address_id
           ON CONFLICT (stake_address_id) DO UPDATE SET utxo_value = stake_balance.utxo_value + EXCLUDED.utxo_value
           RETURNING stake_address_id AS id, utxo_value AS value`,
          last_tx,
        );
        const emptied = balances.filter((b) => b.value === 0n);
        if (emptied.length) {
          await sql.$executeRawUnsafe(
            `DELETE FROM stake_balance WHERE stake_address_id = ANY($1::int8[])`,
            emptied.map((r) => r.id),
          );
        }
        const undo = undoSupplyChange(last_tx);
        await sql.$executeRawUnsafe(undo.sql, ...undo.params);
        await sql.$executeRawUnsafe(ROLLBACK_SQL, blockId, last_tx, first_output);
        return Number(count);
      },
      { timeout: 600_000, maxWait: 60_000 },
    );
    await this.load();
    return removed;
  }
}
