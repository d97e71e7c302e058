-- GET /assets/policy/{policy_id}: whether the policy ever minted, and one page of its minted assets with the
-- sum of their mints and burns, in the order of each asset's first mint (as GET /assets): the running totals the
-- indexer keeps (asset_mint_total), one row per asset. The probe row is always present; the asset columns are
-- null when the page is empty.
--   $1 bytea policy id, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_mint_total_policy_first_mint_id_key, asset_pkey.
WITH page AS (
  SELECT t.asset_id, t.first_mint_id, t.quantity
  FROM asset_mint_total t
  WHERE t.policy = $1
  ORDER BY t.first_mint_id {{direction}}
  LIMIT $2 OFFSET $3
)
SELECT
  EXISTS (SELECT 1 FROM asset_mint_total WHERE policy = $1) AS policy_minted,
  encode(a.policy || a.name, 'hex') AS asset,
  page.quantity::text AS quantity
FROM (SELECT 1) probe
LEFT JOIN page ON true
LEFT JOIN asset a ON a.id = page.asset_id
ORDER BY page.first_mint_id {{direction}}
