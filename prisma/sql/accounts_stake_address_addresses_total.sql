-- GET /accounts/{stake_address}/addresses/total: what the account's addresses received (every output whose
-- stake part is the account) and sent (those outputs spent), in lovelace and per asset, and how many distinct
-- transactions touched them, from the running totals.
--   $1 text stake address (bech32)
-- Indexes: stake_address_view_key, account_total_pkey, account_asset_total_pkey, asset_pkey.
WITH probe AS (
  SELECT (SELECT id FROM stake_address WHERE view = $1) AS stake_address_id
),
asset_sums AS (
  SELECT t.asset_id, t.received, t.sent
  FROM account_asset_total t WHERE t.stake_address_id = (SELECT stake_address_id FROM probe)
)
SELECT
  probe.stake_address_id IS NOT NULL AS account_seen,
  coalesce(total.received, 0)::text AS received,
  coalesce(total.sent, 0)::text AS sent,
  coalesce(total.tx_count, 0)::float8 AS tx_count,
  {{include asset_sums}}
FROM probe
LEFT JOIN account_total total ON total.stake_address_id = probe.stake_address_id
