-- GET /assets: every asset ever minted with the sum of its mints and burns, in the order of each asset's first
-- mint, as Blockfrost orders them (an asset's first mint, not its asset.id, which an output of the same
-- transaction may have taken first).
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded: the page walks asset_mint in id order
-- and keeps the rows no earlier mint of the same asset precedes, so LIMIT stops early.
-- Indexes: asset_mint_pkey, asset_mint_asset_id_tx_id_idx, asset_pkey.
WITH firsts AS (
  SELECT m.id, m.asset_id
  FROM asset_mint m
  -- an asset occurs once in a transaction's mint field, so an earlier mint is one of an earlier transaction
  WHERE NOT EXISTS (SELECT 1 FROM asset_mint e WHERE e.asset_id = m.asset_id AND e.tx_id < m.tx_id)
  ORDER BY m.id {{direction}}
  LIMIT $1 OFFSET $2
)
SELECT
  encode(a.policy || a.name, 'hex') AS asset,
  (SELECT sum(q.quantity) FROM asset_mint q WHERE q.asset_id = f.asset_id)::text AS quantity
FROM firsts f
JOIN asset a ON a.id = f.asset_id
ORDER BY f.id {{direction}}
