-- GET /nutlink/{address}: the label-1967 JSON of the oracle's latest registration (RYO: the newest
-- tx_metadata row of label 1967 among the transactions with an output to the address or credential). No
-- row when the address never registered (404).
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
-- Exactly one branch of the union runs: the other one's parameter test is a constant false.
-- Indexes: address_address_key, nutlink_registration_address_id_idx / _payment_cred_idx,
-- tx_metadata_tx_id_label_idx.
WITH latest AS (
  (
    SELECT r.tx_id
    FROM nutlink_registration r
    WHERE $2::bytea IS NULL AND r.address_id = (SELECT id FROM address WHERE address = $1)
    ORDER BY r.tx_id DESC
    LIMIT 1
  )
  UNION ALL
  (
    SELECT r.tx_id
    FROM nutlink_registration r
    WHERE r.payment_cred = $2::bytea
    ORDER BY r.tx_id DESC
    LIMIT 1
  )
)
SELECT (SELECT m.json FROM tx_metadata m WHERE m.tx_id = l.tx_id AND m.label = 1967) AS registration
FROM latest l
