-- GET /addresses/{address} and /addresses/{address}/extended, as RYO's addresses_address.sql: the sum of
-- the selection's unspent outputs, lovelace and each asset (in unit order), in one row.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
-- `address_seen` is false (404) when no output, spent or not, ever had the selection.
-- `live_stake_address` is the stake address of the address's first unspent output: what a pointer address
-- resolved to (the stake part of every other address is in the address itself).
-- Indexes: address_address_key, address_payment_cred_idx, address_utxo_address_id_tx_out_id_key (index-only)
-- / unspent_tx_out_payment_cred_tx_out_id_idx and address_utxo_pkey, tx_out_pkey, stake_address_pkey.
WITH probe AS (
  SELECT {{include address_selection_probe}}
),
live AS (
  SELECT c.tx_out_id, c.lovelace, c.assets
  FROM address_utxo_answer c
  WHERE $2::bytea IS NULL AND c.address_id = (SELECT address_id FROM probe)
  UNION ALL
  SELECT c.tx_out_id, c.lovelace, c.assets
  FROM unspent_tx_out u
  CROSS JOIN LATERAL (SELECT * FROM address_utxo_answer c WHERE c.tx_out_id = u.tx_out_id LIMIT 1) c
  WHERE u.payment_cred = $2::bytea
)
SELECT
  p.address_seen,
  (SELECT coalesce(sum(live.lovelace), 0)::text FROM live) AS lovelace,
  (
    SELECT jsonb_agg(jsonb_build_object('unit', unit, 'quantity', quantity::text) ORDER BY unit COLLATE "C")
    FROM (
      SELECT asset ->> 'unit' AS unit, sum((asset ->> 'quantity')::numeric) AS quantity
      FROM live CROSS JOIN LATERAL jsonb_array_elements(live.assets) asset
      GROUP BY 1
    ) assets
  ) AS assets,
  (
    SELECT sa.view
    FROM tx_out o JOIN stake_address sa ON sa.id = o.stake_address_id
    WHERE o.id = (SELECT min(live.tx_out_id) FROM live)
  ) AS live_stake_address
FROM probe p
