-- GET /assets/{asset}/transactions and /txs: the existence probe and one page of the transactions that
-- created an output holding the asset (asset_tx), in chain order, in one round trip.
-- The probe row is always present; the transaction columns are null when the page is empty.
--   $1 bytea asset policy id, $2 bytea asset name
--   $3 int from height, $4 int from index, $5 int to height, $6 int to index (null: not given)
--   $7 int page size, $8 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. An asset's rows are numbered in chain order
-- (asset_tx.position), so its page, however deep, is a range of positions: counted from its first row in the range
-- (ASC) or back from its last (DESC), each found by one probe of asset_tx_pkey.
-- Indexes: asset_policy_name_key, asset_tx_pkey, asset_tx_asset_id_position_idx (index-only), tx_pkey, block_pkey;
-- block_height_idx and tx_block_id_idx for the range.
WITH probe AS (
  SELECT (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id
),
range_params AS (
  SELECT $3::int4 AS from_height, $4::int4 AS from_index, $5::int4 AS to_height, $6::int4 AS to_index
),
{{include tx_range}},
ends AS (
  SELECT
    (SELECT a.position FROM asset_tx a
     WHERE a.asset_id = (SELECT asset_id FROM probe) AND a.tx_id >= (SELECT lo FROM tx_range)
     ORDER BY a.tx_id LIMIT 1)::int8 AS first,
    (SELECT a.position FROM asset_tx a
     WHERE a.asset_id = (SELECT asset_id FROM probe) AND a.tx_id <= (SELECT hi FROM tx_range)
     ORDER BY a.tx_id DESC LIMIT 1)::int8 AS last,
    $7::int4 AS size, $8::int4 AS skip
),
{{include history_page_places}},
page AS (
  SELECT a.tx_id
  FROM asset_tx a
  WHERE a.asset_id = (SELECT asset_id FROM probe)
    AND a.position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
  ORDER BY a.position {{direction}}
)
SELECT
  probe.asset_id IS NOT NULL AS seen,
  {{include history_page_transactions}}
ORDER BY page.tx_id {{direction}}
