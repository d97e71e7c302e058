-- GET /assets/{asset}/addresses: one round trip returning whether the asset exists and one page of the
-- addresses whose unspent outputs hold it, with the quantity each holds, ordered by the first
-- transaction (of those outputs) that gave it to them, as Blockfrost's SQL orders them. The probe row
-- is always present; the address columns are null when the page is empty.
--   $1 bytea asset policy id, $2 bytea asset name
--   $3 int   page size, $4 int offset
-- Outputs of phase-2-invalid transactions (their collateral returns) do not count, as in Blockfrost.
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: asset_policy_name_key, unspent_ma_tx_out_asset_id_tx_out_id_idx (the asset's live outputs only, not every
-- output that ever held it), ma_tx_out_pkey, tx_out_pkey, tx_pkey, address_pkey.
WITH probe AS (
  SELECT (SELECT id FROM asset WHERE policy = $1 AND name = $2) AS asset_id
),
holders AS (
  SELECT u.address_id, sum(m.quantity) AS quantity, min(o.tx_id) AS first_tx_id
  FROM unspent_ma_tx_out u
  JOIN ma_tx_out m ON m.tx_out_id = u.tx_out_id AND m.asset_id = u.asset_id
  JOIN tx_out o ON o.id = u.tx_out_id
  JOIN tx t ON t.id = o.tx_id
  WHERE u.asset_id = (SELECT asset_id FROM probe) AND t.valid
  GROUP BY u.address_id
),
page AS (
  SELECT h.*
  FROM holders h
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
