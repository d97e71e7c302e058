import type { Statement } from './sql.js';

/**
 * The order of /assets/{asset}/addresses: Blockfrost lists an asset's holders by the first transaction of their
 * unspent outputs holding it (valid transactions only), so asset_holder.first_tx_id follows the live outputs, which
 * the running totals (history-totals.ts) cannot: spending a holder's oldest output moves it down the list. Only the
 * pairs whose outputs a batch created or spent can move; each is read again from unspent_ma_tx_out (one index
 * probe: the pair's oldest live output) once the batch's live outputs are written, or once a rollback restored them.
 */

/** The (asset, address) pairs of the outputs the transactions after $1 created and of those they spent. */
const TOUCHED_PAIRS = `SELECT m.asset_id, o.address_id
  FROM tx_out o JOIN ma_tx_out m ON m.tx_out_id = o.id WHERE o.tx_id > $1 AND o.has_assets
  UNION
  SELECT m.asset_id, o.address_id
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN ma_tx_out m ON m.tx_out_id = o.id
  WHERE sp.tx_id > $1 AND o.has_assets`;

/** Sets first_tx_id of the pairs `touched` names (a query of asset_id, address_id), writing only the rows it moves. */
function refreshFirstTx(touched: string): string {
  return `UPDATE asset_holder h SET first_tx_id = f.first_tx_id
  FROM (
    SELECT c.asset_id, c.address_id, (
      SELECT o.tx_id FROM unspent_ma_tx_out u JOIN tx_out o ON o.id = u.tx_out_id JOIN tx t ON t.id = o.tx_id
      WHERE u.address_id = c.address_id AND u.asset_id = c.asset_id AND t.valid
      ORDER BY u.tx_out_id LIMIT 1) AS first_tx_id
    FROM (${touched}) c
  ) f
  WHERE h.asset_id = f.asset_id AND h.address_id = f.address_id AND h.first_tx_id IS DISTINCT FROM f.first_tx_id`;
}

const REFRESH_AFTER_SQL = refreshFirstTx(TOUCHED_PAIRS);
const REFRESH_PAIRS_SQL = refreshFirstTx(
  `SELECT * FROM unnest($1::text[]::int8[], $2::text[]::int8[]) AS p(asset_id, address_id)`,
);

/** Moves the holders whose outputs the transactions after `lastStoredTxId` (a batch's) created or spent. */
export function refreshHolderOrder(lastStoredTxId: bigint): Statement {
  return { sql: REFRESH_AFTER_SQL, params: [lastStoredTxId] };
}

/**
 * The pairs the transactions after $1 touched, as two text arrays (asset ids, address ids): read by a rollback
 * before it deletes those transactions' outputs and spends, for refreshPairs once the live outputs are back.
 */
export const TOUCHED_PAIRS_SQL = `SELECT coalesce(array_agg(asset_id), '{}')::text[] AS asset_ids,
  coalesce(array_agg(address_id), '{}')::text[] AS address_ids FROM (${TOUCHED_PAIRS}) c`;

/** Moves the holders of the pairs TOUCHED_PAIRS_SQL read. */
export function refreshPairs(pairs: { asset_ids: string[]; address_ids: string[] }): Statement {
  return { sql: REFRESH_PAIRS_SQL, params: [pairs.asset_ids, pairs.address_ids] };
}
