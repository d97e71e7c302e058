-- GET /addresses/{address}/utxos[/{asset}], deep pages of a payment credential (an address's come from
-- addresses_address_utxos_by_ids_of_address.sql): the outputs of one page taken from a list of the
-- selection's unspent output ids (addresses_address_utxos[_asset]_ids.sql), in the list's order, with the
-- newest block of this statement's snapshot. The API uses the rows only when that block is the one the list
-- was read at: then the ids are the same outputs and still the unspent ones, each with its address_utxo row
-- (a later block or a rollback changes the newest block). The probe row is always present; the output
-- columns are null for an empty page.
--   $1 int8[] the page's output ids, in the order to return them
-- Indexes: block_pkey (backwards), address_utxo_pkey, address_pkey; tx_out_pkey and ma_tx_out_pkey only for
-- an output whose inline datum and assets address_utxo leaves out.
WITH probe AS (
  SELECT (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
)
SELECT
  p.tip,
  a.address,
  {{include address_utxo_columns}}
FROM probe p
LEFT JOIN unnest($1::int8[]) WITH ORDINALITY AS page (id, position) ON true
LEFT JOIN address_utxo_answer c ON c.tx_out_id = page.id
LEFT JOIN address a ON a.id = c.address_id
ORDER BY page.position
