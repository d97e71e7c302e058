-- GET /addresses/{address}/utxos/{asset}: one round trip returning the two existence probes and one
-- page of unspent outputs. The probe row is always present; the output columns are null when the page
-- is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $policy     bytea asset policy id, or null for `lovelace` (outputs without native assets)
--   $asset_name bytea asset name (empty for the empty name)
--   $limit int page size, $offset int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded, so that each index below
-- delivers rows in chain order and LIMIT stops early.
-- Indexes: address_address_key, address_payment_cred_idx, asset_policy_name_key, block_pkey (backwards),
-- unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx, unspent_tx_out_address_id_tx_out_id_idx /
-- unspent_tx_out_payment_cred_tx_out_id_idx (with has_assets), ma_tx_out_pkey
-- (tx_out_id, asset_id) for a payment credential's asset test, address_utxo_address_id_tx_out_id_key
-- (index-only) / address_utxo_pkey and address_pkey.
WITH probe AS (
  SELECT
    {{include address_selection_probe}},
    (SELECT id FROM asset WHERE policy = $policy::bytea AND name = $asset_name::bytea) AS asset_id,
    -- The newest block in this statement's snapshot: the chain state the page reflects, so the API can
    -- cache the page until the tip changes (apps/api/src/addresses/tip-cache.ts).
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
),
page AS (
{{include address_utxo_asset_selection}}
)
SELECT
  p.address_seen,
  p.tip,
  ($policy::bytea IS NULL OR p.asset_id IS NOT NULL) AS asset_seen,
  {{include address_utxo_page_columns}}
FROM probe p
LEFT JOIN page ON true
{{include address_utxo_page_answers}}
ORDER BY c.tx_out_id {{direction}}
