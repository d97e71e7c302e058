-- GET /assets/{asset}/utxos: whether the asset was ever seen, and one page of the unspent outputs holding it,
-- in chain order, with every asset of each output. The probe row is always present; the output columns are
-- null when the page is empty.
--   $1 bytea policy id, $2 bytea asset name, $3 int page size, $4 int offset
--   $5 float8 `from` height, $6 int `from` index, $7 float8 `to` height, $8 int `to` index (each null when absent)
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Output ids are in chain order, so `from`/`to` become the first and last output id of the transactions in
-- range, each found by a few index probes, and the page is one index-only range of the asset's live outputs.
-- Indexes: asset_policy_name_key, block_height_idx, tx_block_id_idx, tx_out_tx_id_index_key,
-- unspent_ma_tx_out_asset_id_tx_out_id_idx, address_utxo_pkey, address_pkey, block_hash_key.
-- The first block at or after `from` and the last at or before `to` (EBBs have no height and no transactions).
WITH from_block AS (
  SELECT id, height FROM block WHERE height >= ceil($5::float8)::int4 ORDER BY height LIMIT 1
),
to_block AS (
  SELECT id, height FROM block WHERE height <= floor($7::float8)::int4 ORDER BY height DESC LIMIT 1
),
probe AS (
  SELECT
    (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id,
    CASE WHEN $5::float8 IS NULL THEN 0 ELSE coalesce((
      SELECT o.id FROM tx_out o
      WHERE o.tx_id >= (
        SELECT t.id FROM tx t
        WHERE t.block_id >= (SELECT id FROM from_block)
          AND (t.block_id > (SELECT id FROM from_block) OR (SELECT height FROM from_block) > $5::float8
            OR t.block_index >= coalesce($6::int4, 0))
        ORDER BY t.block_id, t.block_index
        LIMIT 1
      )
      ORDER BY o.tx_id, o.index
      LIMIT 1
    ), 9223372036854775807) END AS first_id,
    CASE WHEN $7::float8 IS NULL THEN 9223372036854775807 ELSE coalesce((
      SELECT o.id FROM tx_out o
      WHERE o.tx_id <= (
        SELECT t.id FROM tx t
        WHERE t.block_id <= (SELECT id FROM to_block)
          AND (t.block_id < (SELECT id FROM to_block) OR (SELECT height FROM to_block) < $7::float8
            OR $8::int4 IS NULL OR t.block_index <= $8::int4)
        ORDER BY t.block_id DESC, t.block_index DESC
        LIMIT 1
      )
      ORDER BY o.tx_id DESC, o.index DESC
      LIMIT 1
    ), -1) END AS last_id
),
page AS (
  SELECT u.tx_out_id AS id
  FROM unspent_ma_tx_out u
  WHERE u.asset_id = (SELECT asset_id FROM probe)
    AND u.tx_out_id >= (SELECT first_id FROM probe) AND u.tx_out_id <= (SELECT last_id FROM probe)
  ORDER BY u.tx_out_id {{direction}}
  LIMIT $3::int4 OFFSET $4::int4
)
SELECT
  p.asset_id IS NOT NULL AS asset_seen,
  a.address,
  {{include address_utxo_columns}},
  b.height AS block_height,
  b.time::float8 AS block_time
FROM probe p
LEFT JOIN page ON true
LEFT JOIN LATERAL (SELECT * FROM address_utxo_answer c WHERE c.tx_out_id = page.id LIMIT 1) c ON true
LEFT JOIN address a ON a.id = c.address_id
LEFT JOIN block b ON b.hash = c.block_hash
ORDER BY page.id {{direction}}
