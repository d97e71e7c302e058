-- GET /scripts/{script_hash}/utxos: whether the script is known, and one page of the unspent outputs carrying
-- it as their reference script, in chain order. The probe row is always present; the output columns are null
-- when the page is empty.
--   $1 bytea script hash, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: script_hash_key, tx_out_reference_script_hash_id_idx, unspent_tx_out_pkey, address_utxo_pkey,
-- address_pkey.
WITH page AS (
  SELECT o.id
  FROM tx_out o
  JOIN unspent_tx_out u ON u.tx_out_id = o.id
  WHERE o.reference_script_hash = $1
  ORDER BY o.id {{direction}}
  LIMIT $2 OFFSET $3
)
SELECT
  EXISTS (SELECT 1 FROM script WHERE hash = $1) AS script_seen,
  a.address,
  {{include address_utxo_columns}}
FROM (SELECT 1) probe
LEFT JOIN page ON true
LEFT JOIN LATERAL (SELECT * FROM address_utxo_answer c WHERE c.tx_out_id = page.id LIMIT 1) c ON true
LEFT JOIN address a ON a.id = c.address_id
ORDER BY page.id {{direction}}
