-- GET /assets/{asset}/history: whether the asset was ever seen (RYO's 404 rule: a multi_asset row), and one page
-- of its mints and burns in chain order. The probe row is always present; the mint columns are null when the page is empty.
--   $1 bytea policy id, $2 bytea asset name, $3 int page size, $4 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_policy_name_key, asset_mint_asset_id_tx_id_idx, tx_pkey.
WITH probe AS (
  SELECT (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id
),
page AS (
  SELECT m.tx_id, m.quantity
  FROM asset_mint m
  WHERE m.asset_id = (SELECT asset_id FROM probe)
  ORDER BY m.tx_id {{direction}}
  LIMIT $3 OFFSET $4
)
SELECT
  p.asset_id IS NOT NULL AS asset_seen,
  encode(t.hash, 'hex') AS tx_hash,
  CASE WHEN page.quantity < 0 THEN 'burned' ELSE 'minted' END AS action,
  page.quantity::text AS amount
FROM probe p
LEFT JOIN page ON true
LEFT JOIN tx t ON t.id = page.tx_id
ORDER BY page.tx_id {{direction}}
