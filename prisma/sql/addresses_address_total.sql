-- GET /addresses/{address}/total: what the address received (every output to it) and sent (every one of those
-- outputs spent), in lovelace and per asset, and how many transactions touched it, from the running totals.
--   $1 text  exact address string, or null when selecting by payment credential
--   $2 bytea 28-byte payment credential (addr_vkh/script input), or null
-- A payment credential sums the totals of every address with that credential; its tx_count counts each
-- transaction once, however many of those addresses it touched, so it is counted from their address_tx rows.
-- Indexes: address_address_key, address_payment_cred_idx, address_total_pkey, address_asset_total_pkey,
-- address_tx_pkey (credentials), asset_pkey.
WITH probe AS (
  SELECT {{include address_selection_probe}}
),
holders AS (
  SELECT (SELECT address_id FROM probe) AS id WHERE $2::bytea IS NULL
  UNION ALL
  SELECT id FROM address WHERE payment_cred = $2::bytea
),
asset_sums AS (
  SELECT t.asset_id, sum(t.received) AS received, sum(t.sent) AS sent
  FROM address_asset_total t WHERE t.address_id IN (SELECT id FROM holders)
  GROUP BY t.asset_id
)
SELECT
  probe.address_seen,
  (SELECT coalesce(sum(received), 0)::text FROM address_total WHERE address_id IN (SELECT id FROM holders)) AS received,
  (SELECT coalesce(sum(sent), 0)::text FROM address_total WHERE address_id IN (SELECT id FROM holders)) AS sent,
  CASE WHEN $2::bytea IS NULL
    THEN (SELECT coalesce(sum(tx_count), 0) FROM address_total WHERE address_id = probe.address_id)
    ELSE (SELECT count(DISTINCT tx_id) FROM address_tx WHERE address_id IN (SELECT id FROM holders))
  END::float8 AS tx_count,
  {{include asset_sums}}
FROM probe
