-- GET /assets/policy/{policy_id}: whether the policy ever minted, and one page of its minted assets with the
-- sum of their mints and burns, in the order of each asset's first mint (as GET /assets). The probe row is
-- always present; the asset columns are null when the page is empty.
--   $1 bytea policy id, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_policy_name_key, asset_mint_asset_id_tx_id_idx.
WITH minted AS (
  SELECT a.policy, a.name, mints.first_id, mints.quantity
  FROM asset a
  CROSS JOIN LATERAL (
    SELECT min(m.id) AS first_id, sum(m.quantity) AS quantity FROM asset_mint m WHERE m.asset_id = a.id
  ) mints
  WHERE a.policy = $1 AND mints.first_id IS NOT NULL
),
page AS (
  SELECT * FROM minted ORDER BY first_id {{direction}} LIMIT $2 OFFSET $3
)
SELECT
  EXISTS (SELECT 1 FROM minted) AS policy_minted,
  encode(page.policy || page.name, 'hex') AS asset,
  page.quantity::text AS quantity
FROM (SELECT 1) probe
LEFT JOIN page ON true
ORDER BY page.first_id {{direction}}
