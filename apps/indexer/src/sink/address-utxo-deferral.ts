import type { PrismaClient } from '@frostline/db';
import type pg from 'pg';

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
 * The live-output tables' indexes that only readers walk (an address's, a payment credential's, an
 * account's or an asset's live outputs): the indexer reaches these tables by primary key, and an address's
 * outputs holding an asset by unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx, which every batch's refresh
 * of the holders' order probes (asset-holders.ts) and which is therefore kept. A long catch-up drops them when it defers
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
    name: 'unspent_tx_out_stake_address_id_tx_out_id_idx',
    definition:
      'ON "unspent_tx_out"("stake_address_id", "tx_out_id") INCLUDE ("address_id") WHERE "stake_address_id" IS NOT NULL',
  },
  {
    name: 'unspent_ma_tx_out_asset_id_tx_out_id_idx',
    definition: 'ON "unspent_ma_tx_out"("asset_id", "tx_out_id")',
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
 * What a batch does with address_utxo: keeps it up to date (its rows are written with the batch's),
 * leaves it empty (a long catch-up), or fills it after a deferral.
 */
export type AddressUtxoPlan = 'maintain' | 'defer' | 'fill';

export interface AddressUtxoChange {
  /** left empty after this batch (a long catch-up) */
  deferred: boolean;
  /** emptied for a catch-up (deferred) or filled at its end by this batch's transaction */
  change: 'deferred' | 'filled' | null;
  /** what filling it took (0 unless filled) */
  fillMs: number;
}

/**
 * Whether address_utxo is kept through a batch, and the statements that start and end its deferral.
 *
 * A catch-up inserts into address_utxo most outputs it creates only to delete them when a later batch
 * spends them; filling the table once at the tip costs one row per live output instead. So a catch-up
 * whose remaining outputs (at this batch's outputs per block) outnumber the live outputs empties
 * address_utxo and leaves it empty (readers answer from address_utxo_source meanwhile), and the first
 * batch at the tip fills it: a sync from scratch defers, a restart a few days behind does not.
 */
export class AddressUtxoDeferral {
  private deferred = false;

  constructor(private readonly prisma: PrismaClient) {}

  /** Reads whether a deferral is under way (the database's record of it decides). */
  async load(): Promise<void> {
    const [{ deferred }] = await this.prisma.$queryRawUnsafe<{ deferred: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM address_utxo_deferral) AS deferred`,
    );
    this.deferred = deferred;
  }

  /**
   * The plan of a batch of `outputsPerBlock` outputs per block, after which the node has `blocksLeft`
   * blocks while catching up far from its tip (null at the tip).
   */
  async plan(blocksLeft: number | null, outputsPerBlock: number): Promise<AddressUtxoPlan> {
    if (blocksLeft === null) return this.deferred ? 'fill' : 'maintain';
    if (this.deferred) return 'defer';
    // The planner's row estimate: exact enough to compare with, and no pass over the table. -1 until the
    // table was first analyzed: then counted.
    const [{ live }] = await this.prisma.$queryRawUnsafe<{ live: number }[]>(
      `SELECT CASE WHEN c.reltuples >= 0 THEN c.reltuples::float8 ELSE (SELECT count(*) FROM address_utxo)::float8 END AS live
       FROM pg_class c WHERE c.oid = 'address_utxo'::regclass`,
    );
    return blocksLeft * outputsPerBlock > live ? 'defer' : 'maintain';
  }

  /** In the batch's transaction, before its writes: a deferral that starts empties the table. */
  async beforeWrites(client: pg.PoolClient, plan: AddressUtxoPlan): Promise<void> {
    if (plan === 'defer' && !this.deferred) for (const sql of DEFER_ADDRESS_UTXO_SQL) await client.query(sql);
  }

  /** In the batch's transaction, after its writes: a deferral that ends fills the table; returns the ms it took. */
  async afterWrites(client: pg.PoolClient, plan: AddressUtxoPlan): Promise<number> {
    if (plan !== 'fill') return 0;
    const filling = performance.now();
    for (const sql of END_DEFERRAL_SQL) await client.query(sql);
    return performance.now() - filling;
  }

  /** Once the batch committed: what it changed. */
  committed(plan: AddressUtxoPlan, fillMs: number): AddressUtxoChange {
    const change = {
      deferred: plan === 'defer',
      change: plan === 'fill' ? 'filled' : plan === 'defer' && !this.deferred ? 'deferred' : null,
      fillMs,
    } as const;
    this.deferred = change.deferred;
    return change;
  }
}
