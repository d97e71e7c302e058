-- GET /addresses/{address}/utxos[/{asset}], deep pages of one address: the outputs of one page taken from a
-- list of the address's unspent output ids (addresses_address_utxos[_asset]_ids.sql), in the list's order,
-- with the newest block of this statement's snapshot, as addresses_address_utxos_by_ids.sql (which serves
-- payment credentials) but from address_utxo's covering index, where the address's live outputs lie
-- together, so a page not in the cache costs a few page reads instead of ≈ 100. The API uses the rows only
-- when the block is the one the list was read at: then every id is a live output of the address and has its
-- address_utxo row. The probe row is always present; the output columns are null for an empty page.
--   $1 int8[] the page's output ids, in the order to return them
--   $2 text   the exact address string
-- Indexes: block_pkey (backwards), address_address_key, address_utxo_address_id_tx_out_id_key (index-only);
-- tx_out_pkey and ma_tx_out_pkey only for an output whose inline datum and assets address_utxo leaves out.
WITH probe AS (
  SELECT
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM address WHERE address = $2) AS address_id
)
SELECT
  p.tip,
  $2 AS address,
  {{include address_utxo_columns}}
FROM probe p
LEFT JOIN unnest($1::int8[]) WITH ORDINALITY AS page (id, position) ON true
-- One descent of the covering index per id (both key columns); the LIMIT keeps it a lookup per id, as in
-- addresses_address_utxos.sql.
LEFT JOIN LATERAL (
  SELECT * FROM address_utxo_answer c WHERE c.address_id = p.address_id AND c.tx_out_id = page.id LIMIT 1
) c ON true
ORDER BY page.position
