-- GET /addresses/{address}/utxos: one round trip returning the existence probe and one page of the
-- address's unspent outputs, with or without native assets. The probe row is always present; the
-- output columns are null when the page is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $limit int page size, $offset int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded, so that each index below
-- delivers rows in chain order and LIMIT stops early.
-- Indexes: address_address_key, address_payment_cred_idx, block_pkey (backwards),
-- unspent_tx_out_address_id_tx_out_id_idx / unspent_tx_out_payment_cred_tx_out_id_idx, address_utxo_address_id_tx_out_id_key
-- (index-only) / address_utxo_pkey and address_pkey; tx_out_pkey and ma_tx_out_pkey only for an output whose
-- inline datum and assets address_utxo leaves out.
WITH probe AS (
  SELECT
    {{include address_selection_probe}},
    -- The newest block in this statement's snapshot: the chain state the page reflects, so the API can
    -- cache the page until the tip changes (apps/api/src/addresses/tip-cache.ts).
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
),
page AS (
{{include address_utxo_selection}}
)
SELECT
  p.address_seen,
  p.tip,
  {{include address_utxo_page_columns}}
FROM probe p
LEFT JOIN page ON true
{{include address_utxo_page_answers}}
ORDER BY c.tx_out_id {{direction}}
