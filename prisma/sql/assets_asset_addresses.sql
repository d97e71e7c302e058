-- GET /assets/{asset}/addresses: one round trip returning whether the asset exists and one page of the
-- addresses whose unspent outputs hold it, with the quantity each holds, ordered by the first
-- transaction (of those outputs) that gave it to them, as Blockfrost's SQL orders them. The probe row
-- is always present; the address columns are null when the page is empty.
--   $1 bytea asset policy id, $2 bytea asset name
--   $3 int   page size, $4 int offset
-- asset_holder counts the outputs of valid transactions only (collateral returns of failed ones do not count, as in
-- Blockfrost) and keeps each holder's first transaction (null once it holds none), so a page is one index range.
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_policy_name_key, asset_holder_asset_id_first_tx_id_address_id_idx, asset_holder_pkey, address_pkey.
WITH probe AS (
  SELECT (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id
),
page AS (
  SELECT h.address_id, h.received - h.sent AS quantity, h.first_tx_id
  FROM asset_holder h
  WHERE h.asset_id = (SELECT asset_id FROM probe) AND h.first_tx_id IS NOT NULL
  ORDER BY h.first_tx_id {{direction}}, h.address_id {{direction}}
  LIMIT $3 OFFSET $4
)
SELECT
  p.asset_id IS NOT NULL AS asset_seen,
  a.address,
  h.quantity::text AS quantity
FROM probe p
LEFT JOIN page h ON true
LEFT JOIN address a ON a.id = h.address_id
ORDER BY h.first_tx_id {{direction}}, h.address_id {{direction}}
