-- GET /accounts/{stake_address}/addresses/assets: the existence probe and one page of the native assets the
-- account's live outputs hold (received minus sent, from the running totals), in the order the assets first
-- appeared on chain. The page is read from the index of held rows alone (index-only); only its own rows' amounts
-- are read from the table.
-- The probe row is always present; the asset columns are null when the page is empty.
--   $1 text stake address (bech32), $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: stake_address_view_key, account_asset_total_held_idx (partial: held), account_asset_total_pkey,
-- asset_pkey.
WITH probe AS (
  SELECT (SELECT id FROM stake_address WHERE view = $1) AS stake_address_id
),
page AS (
  SELECT t.asset_id
  FROM account_asset_total t
  WHERE t.stake_address_id = (SELECT stake_address_id FROM probe) AND t.received > t.sent
  ORDER BY t.asset_id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  probe.stake_address_id IS NOT NULL AS account_seen,
  encode(a.policy, 'hex') || encode(a.name, 'hex') AS unit,
  (held.received - held.sent)::text AS quantity
FROM probe
LEFT JOIN page ON true
LEFT JOIN account_asset_total held
  ON held.stake_address_id = probe.stake_address_id AND held.asset_id = page.asset_id
LEFT JOIN asset a ON a.id = page.asset_id
ORDER BY page.asset_id {{direction}}
