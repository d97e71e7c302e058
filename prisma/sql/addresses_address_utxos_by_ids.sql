-- GET /addresses/{address}/utxos[/{asset}], deep pages of a payment credential (an address's come from
-- addresses_address_utxos_by_ids_of_address.sql): the outputs of one page taken from a list of the
-- selection's unspent output ids (addresses_address_utxos[_asset]_ids.sql), in the list's order, with the
-- newest block of this statement's snapshot. The API uses the rows only when that block is the one the list
-- was read at: then the ids are the same outputs and still the unspent ones (a later block or a rollback
-- changes the newest block). The probe row is always present; the output columns are null for an empty page.
--   $1 int8[] the page's output ids, in the order to return them
-- Indexes: block_pkey (backwards), tx_out_pkey, tx_pkey, address_pkey, ma_tx_out_pkey (tx_out_id, asset_id).
WITH probe AS (
  SELECT (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
)
SELECT
  p.tip,
  a.address,
  encode(t.hash, 'hex') AS tx_hash,
  u.index AS output_index,
  u.value::text AS lovelace,
  -- Every asset of the output in unit order (policy bytes, then name bytes: the ledger's map order).
  (
    SELECT json_agg(json_build_object('unit', encode(s.policy || s.name, 'hex'), 'quantity', m.quantity::text)
                    ORDER BY s.policy, s.name)
    FROM ma_tx_out m JOIN asset s ON s.id = m.asset_id
    WHERE m.tx_out_id = u.id
  ) AS assets,
  encode(b.hash, 'hex') AS block,
  encode(u.data_hash, 'hex') AS data_hash,
  encode(u.inline_datum, 'hex') AS inline_datum,
  encode(u.reference_script_hash, 'hex') AS reference_script_hash
FROM probe p
LEFT JOIN unnest($1::int8[]) WITH ORDINALITY AS page (id, position) ON true
LEFT JOIN tx_out u ON u.id = page.id
LEFT JOIN tx t ON t.id = u.tx_id
LEFT JOIN block b ON b.id = t.block_id
LEFT JOIN address a ON a.id = u.address_id
ORDER BY page.position
