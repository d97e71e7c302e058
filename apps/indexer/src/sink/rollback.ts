import type { PrismaClient } from '@frostline/db';
import type pg from 'pg';
import { RollbackTooDeepError, UnknownRollbackPointError } from '../errors.js';
import { TRANSACTION_TABLES } from '../project/ids.js';
import type { ChainPoint } from './chain-point.js';
import { inTransaction } from './transaction.js';
import { TOUCHED_PAIRS_SQL, refreshPairs } from './asset-holders.js';
import { undoHistoryTotals } from './history-totals.js';
import { undoSupplyChange } from './utxo-supply.js';

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
  /** the change the removed transactions made is taken back (utxo-supply.ts, history-totals.ts, asset-holders.ts) */
  sums: [
    'utxo_supply',
    'address_total',
    'address_asset_total',
    'account_total',
    'account_asset_total',
    'account_address',
    'metadata_label_total',
    'asset_mint_total',
    'drep_named',
    'asset_holder',
  ],
  /** the removed transactions' ticker records are taken out of their totals */
  perTicker: ['nutlink_ticker_total'],
  /** rows of outputs created after the point go, rows of outputs spent after it come back */
  perLiveOutput: ['unspent_tx_out', 'unspent_ma_tx_out', 'address_utxo'],
  /**
   * the ledger's answers for the epoch the node was in when the epoch-change job asked: an epoch the node passed
   * while the indexer was down or catching up has none, and a later ask answers later figures
   */
  epochSnapshots: [
    'drep_snapshot',
    'committee_snapshot',
    'committee_member_snapshot',
    'protocol_parameters',
    'governance_snapshot',
    'governance_proposal_state',
    'pool_snapshot_epoch',
    'pool_stake_snapshot',
    'epoch_stake_snapshot',
    'epoch_stake',
    'reward_boundary',
    'reward_boundary_balance',
    'reward',
  ],
  notChainData: [
    'address_utxo_deferral',
    'token_metadata',
    'nutlink_metadata',
    'governance_anchor',
    'indexer_status',
    'pool_metadata',
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
    SELECT o.id, o.address_id, o.payment_cred, o.has_assets, o.stake_address_id
    FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
    WHERE sp.tx_id > $2 AND o.tx_id <= $2),
  unspent AS (
    INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets, stake_address_id)
    SELECT id, address_id, payment_cred, has_assets, stake_address_id FROM unspent_again),
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

/**
 * Removes every block after `point` and everything derived from them, in one transaction: each
 * table's rows after the point go by range (ids follow chain order; see ROLLBACK_SQL), outputs
 * spent after the point become unspent again, and stake balances get the inverse of the deltas
 * the removed blocks applied. Refuses a point the index does not hold, and one more than k
 * (`securityParameter`) blocks back. Returns the number of blocks removed.
 */
export function rollBack(
  prisma: PrismaClient,
  point: ChainPoint | 'origin',
  securityParameter: number,
): Promise<number> {
  return inTransaction(prisma, async (sql) => {
    // One round trip: the block to keep (for the origin, the genesis pseudo-block with the
    // initial funds when there is one: the first block, an index probe), how many blocks follow
    // it, its last transaction, and the first output after it (the lowest id removed: ids follow
    // chain order; two probes of the (tx_id, index) key).
    const {
      rows: [target],
    } = await sql.query<{ id: string | null; count: string; last_tx: string; first_output: string | null }>(
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
      [point === 'origin' ? null : Buffer.from(point.id, 'hex')],
    );
    const where = point === 'origin' ? 'origin' : `${point.slot}.${point.id}`;
    if (target!.id === null)
      throw new UnknownRollbackPointError(
        `the node rolls back to ${where}, a block the index does not hold: it follows another chain`,
      );
    const { id: blockId, last_tx, first_output } = target!;
    const count = Number(target!.count);
    if (point !== 'origin' && count > securityParameter) {
      throw new RollbackTooDeepError(
        `the node rolls back ${count} blocks, to ${where}, deeper than k = ${securityParameter}: ` +
          `blocks that deep are final, so it follows another chain than the one indexed (nothing was rolled back)`,
      );
    }
    if (count === 0) return 0;
    await undoStakeBalances(sql, last_tx);
    for (const undo of [undoSupplyChange(BigInt(last_tx)), undoHistoryTotals(BigInt(last_tx))])
      await sql.query(undo.sql, undo.params);
    const {
      rows: [holders],
    } = await sql.query<{ asset_ids: string[]; address_ids: string[] }>(TOUCHED_PAIRS_SQL, [last_tx]);
    await sql.query(ROLLBACK_SQL, [blockId, last_tx, first_output]);
    const reorder = refreshPairs(holders!);
    await sql.query(reorder.sql, reorder.params);
    return count;
  });
}

/**
 * Undoes the balance deltas of the transactions after `lastKeptTxId` (run before deleting them): live
 * outputs created after the point stop counting, outputs created up to the point and spent after it
 * count again; a balance that comes to zero goes.
 */
async function undoStakeBalances(sql: pg.PoolClient, lastKeptTxId: string): Promise<void> {
  const { rows: balances } = await sql.query<{ id: string; value: string }>(
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
    [lastKeptTxId],
  );
  const emptied = balances.filter((b) => BigInt(b.value) === 0n);
  if (emptied.length)
    await sql.query(`DELETE FROM stake_balance WHERE stake_address_id = ANY($1::int8[])`, [
      emptied.map((r) => r.id),
    ]);
}
