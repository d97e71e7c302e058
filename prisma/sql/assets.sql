-- GET /assets: every asset ever minted with the sum of its mints and burns, in the order of each asset's first
-- mint, as Blockfrost orders them (an asset's first mint, not its asset.id, which an output of the same
-- transaction may have taken first): the running totals the indexer keeps (asset_mint_total), one row per asset.
-- Each row carries its place in that order (asset_mint_total.position), so a page, however deep, is a range of
-- places between the first and the last.
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_mint_total_position_key, asset_pkey.
WITH ends AS (
  SELECT
    (SELECT t.position FROM asset_mint_total t ORDER BY t.position LIMIT 1)::int8 AS first,
    (SELECT t.position FROM asset_mint_total t ORDER BY t.position DESC LIMIT 1)::int8 AS last,
    $1::int4 AS size, $2::int4 AS skip
),
{{include history_page_places}},
page AS (
  SELECT t.asset_id, t.quantity, t.position
  FROM asset_mint_total t
  WHERE t.position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
  -- the range holds at most a page: said, so that the planner reads it as one index range
  ORDER BY t.position {{direction}}
  LIMIT $1::int4
)
SELECT
  encode(a.policy || a.name, 'hex') AS asset,
  page.quantity::text AS quantity
FROM page
JOIN asset a ON a.id = page.asset_id
ORDER BY page.position {{direction}}
