-- GET /txs/{hash}/utxos, as RYO's txs_hash_utxos_1.sql (inputs) and _2.sql (outputs) from db-sync.
--   $1 bytea transaction hash
-- One row per input, then one per output (`side`); no row when the transaction is unknown, and one
-- row with a null side when it has neither.
-- Inputs: what the transaction spends (its inputs, or its collaterals when invalid: db-sync's tx_in),
-- in ledger order (transaction hash, index), after its reference inputs and before its collateral
-- inputs, both as the ledger lists them. That is RYO's order on a db-sync synced from genesis: it
-- sorts collateral inputs last and the others by row id, and reference_tx_in, far the smaller table,
-- numbers every reference input below the spent inputs of its transaction. A spent input whose output
-- the index never saw (tx_input kind 'spend', created before a mid-chain start) keeps its place, with
-- an empty address and amount. RYO quirks kept: collateral inputs show lovelace only, and only
-- reference inputs show their reference script hash.
-- Outputs: the outputs (or the collateral return of an invalid transaction) with the transaction
-- that spent each, and the collateral return again as a collateral output (lovelace only, never
-- consumed), ordered by (output_index, collateral).
-- Indexes: tx_hash_key, tx_out_spend_tx_id_idx, tx_out_spend_pkey, tx_input_tx_id_idx, tx_out_tx_id_index_key,
-- collateral_tx_out_tx_id_idx, ma_tx_out_pkey.
WITH target AS (SELECT id FROM tx WHERE hash = $1),
inputs AS (
  SELECT 1 AS part, created.hash AS out_hash, o.index, o.id AS out_id, 'spend' AS kind
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN tx created ON created.id = o.tx_id
  WHERE sp.tx_id = (SELECT id FROM target)
  UNION ALL
  SELECT CASE i.kind WHEN 'reference' THEN 0 WHEN 'spend' THEN 1 ELSE 2 END, i.out_tx_hash, i.out_index, o.id,
         i.kind
  FROM tx_input i
  LEFT JOIN tx created ON created.hash = i.out_tx_hash
  LEFT JOIN tx_out o ON o.tx_id = created.id AND o.index = i.out_index
  WHERE i.tx_id = (SELECT id FROM target)
),
rows AS (
  SELECT 'input' AS side, i.part, i.out_hash, i.index, i.kind = 'collateral' AS collateral,
         i.kind = 'reference' AS reference, coalesce(a.address, '') AS address, o.value,
         CASE WHEN i.kind <> 'collateral' THEN o.id END AS assets_of, o.data_hash, o.inline_datum,
         CASE WHEN i.kind = 'reference' THEN o.reference_script_hash END AS reference_script_hash,
         NULL::bytea AS consumed_by
  FROM inputs i
  LEFT JOIN tx_out o ON o.id = i.out_id
  LEFT JOIN address a ON a.id = o.address_id
  UNION ALL
  SELECT 'output', 0, NULL, o.index, false, false, a.address, o.value, o.id, o.data_hash, o.inline_datum,
         o.reference_script_hash, spender.hash
  FROM tx_out o
  JOIN address a ON a.id = o.address_id
  LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
  LEFT JOIN tx spender ON spender.id = sp.tx_id
  WHERE o.tx_id = (SELECT id FROM target)
  UNION ALL
  SELECT 'output', 0, NULL, c.index, true, false, c.address, c.value, NULL, c.data_hash, c.inline_datum,
         c.reference_script_hash, NULL
  FROM collateral_tx_out c
  WHERE c.tx_id = (SELECT id FROM target)
)
SELECT
  r.side,
  r.address,
  encode(r.out_hash, 'hex') AS tx_hash,
  r.index AS output_index,
  r.value::text AS lovelace,
  (
    SELECT json_agg(json_build_object('unit', encode(s.policy || s.name, 'hex'), 'quantity', m.quantity::text)
                    ORDER BY s.policy, s.name)
    FROM ma_tx_out m JOIN asset s ON s.id = m.asset_id
    WHERE m.tx_out_id = r.assets_of
  ) AS assets,
  encode(r.data_hash, 'hex') AS data_hash,
  encode(r.inline_datum, 'hex') AS inline_datum,
  encode(r.reference_script_hash, 'hex') AS reference_script_hash,
  r.collateral,
  r.reference,
  encode(r.consumed_by, 'hex') AS consumed_by_tx
FROM target
LEFT JOIN rows r ON true
ORDER BY r.side, r.part, r.out_hash, r.index, r.collateral
