-- GET /assets/{asset}/utxos: whether the asset was ever seen, and one page of the unspent outputs holding it,
-- in chain order, with every asset of each output. The probe row is always present; the output columns are
-- null when the page is empty.
--   $1 bytea policy id, $2 bytea asset name, $3 int page size, $4 int offset
--   $5 float8 `from` height, $6 int `from` index, $7 float8 `to` height, $8 int `to` index (each null when absent)
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Exactly one branch of the page runs: without from/to it is one index-only range of the asset's live
-- outputs; with them each output's block is read to test it.
-- Indexes: asset_policy_name_key, unspent_ma_tx_out_asset_id_tx_out_id_idx, tx_out_pkey, tx_pkey, block_pkey,
-- address_utxo_pkey, address_pkey, block_hash_key.
WITH probe AS (
  SELECT (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id
),
page AS (
  (
    SELECT u.tx_out_id AS id
    FROM unspent_ma_tx_out u
    WHERE $5::float8 IS NULL AND $7::float8 IS NULL AND u.asset_id = (SELECT asset_id FROM probe)
    ORDER BY u.tx_out_id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
  UNION ALL
  (
    SELECT u.tx_out_id AS id
    FROM unspent_ma_tx_out u
    JOIN tx_out o ON o.id = u.tx_out_id
    JOIN tx t ON t.id = o.tx_id
    JOIN block b ON b.id = t.block_id
    WHERE ($5::float8 IS NOT NULL OR $7::float8 IS NOT NULL) AND u.asset_id = (SELECT asset_id FROM probe)
      AND ($5::float8 IS NULL OR b.height > $5::float8 OR (b.height = $5::float8 AND t.block_index >= coalesce($6::int4, 0)))
      AND ($7::float8 IS NULL OR b.height < $7::float8 OR (b.height = $7::float8 AND ($8::int4 IS NULL OR t.block_index <= $8::int4)))
    ORDER BY u.tx_out_id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
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
