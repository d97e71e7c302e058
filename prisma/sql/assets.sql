-- GET /assets: every asset ever minted with the sum of its mints and burns, in the order of each asset's first
-- mint, as Blockfrost orders them (an asset's first mint, not its asset.id, which an output of the same
-- transaction may have taken first): the running totals the indexer keeps (asset_mint_total), one row per asset.
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_mint_total_first_mint_id_key, asset_pkey.
SELECT
  encode(a.policy || a.name, 'hex') AS asset,
  t.quantity::text AS quantity
FROM asset_mint_total t
JOIN asset a ON a.id = t.asset_id
ORDER BY t.first_mint_id {{direction}}
LIMIT $1 OFFSET $2
