-- GET /scripts/{script_hash}/redeemers: whether the script is known, and one page of the redeemers that ran
-- it, in chain order. The probe row is always present; the redeemer columns are null when the page is empty.
--   $1 bytea script hash, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. A script's redeemers are numbered in chain
-- order (redeemer.script_position), so its page, however deep, is a range of positions between its first and last.
-- Indexes: script_hash_key, redeemer_script_hash_script_position_idx (index-only), redeemer_pkey, tx_pkey,
-- block_pkey, protocol_parameters_pkey.
WITH ends AS (
  SELECT
    (SELECT r.script_position FROM redeemer r WHERE r.script_hash = $1 ORDER BY r.script_position LIMIT 1)::int8 AS first,
    (SELECT r.script_position FROM redeemer r WHERE r.script_hash = $1 ORDER BY r.script_position DESC LIMIT 1)::int8
      AS last,
    $2::int4 AS size, $3::int4 AS skip
),
{{include history_page_places}},
page AS (
  SELECT r.id
  FROM redeemer r
  WHERE r.script_hash = $1 AND r.script_position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
)
SELECT
  EXISTS (SELECT 1 FROM script WHERE hash = $1) AS script_seen,
  encode(t.hash, 'hex') AS tx_hash,
  r.index AS tx_index,
  r.purpose,
  encode(r.redeemer_data_hash, 'hex') AS redeemer_data_hash,
  r.unit_mem::text AS unit_mem,
  r.unit_steps::text AS unit_steps,
  {{include redeemer_fee}}
FROM (SELECT 1) probe
LEFT JOIN page ON true
LEFT JOIN redeemer r ON r.id = page.id
LEFT JOIN tx t ON t.id = r.tx_id
ORDER BY page.id {{direction}}
