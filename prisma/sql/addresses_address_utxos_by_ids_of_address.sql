-- GET /addresses/{address}/utxos[/{asset}], deep pages of one address: the outputs of one page taken from a
-- list of the address's unspent output ids (addresses_address_utxos[_asset]_ids.sql), in the list's order,
-- with the newest block of this statement's snapshot, as addresses_address_utxos_by_ids.sql (which serves
-- payment credentials) but from address_utxo: the address's live outputs with their answers, together in
-- one index, so a page not in the cache costs a few page reads instead of ≈ 400. The API uses the rows only
-- when the block is the one the list was read at: then every id is a live output of the address and has its
-- address_utxo row. The probe row is always present; the output columns are null for an empty page.
--   $1 int8[] the page's output ids, in the order to return them
--   $2 text   the exact address string
-- Indexes: block_pkey (backwards), address_address_key, address_utxo_address_id_tx_out_id_key (index-only);
-- tx_out_pkey and ma_tx_out_pkey only for an output whose inline datum and assets address_utxo leaves out.
WITH probe AS (
  SELECT (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
),
-- Both key columns in the index condition: one descent per id, whatever the planner thinks of the address.
outputs AS (
  SELECT *
  FROM address_utxo
  WHERE address_id = (SELECT id FROM address WHERE address = $2) AND tx_out_id = ANY ($1::int8[])
)
SELECT
  p.tip,
  $2 AS address,
  encode(c.tx_hash, 'hex') AS tx_hash,
  c.output_index,
  c.lovelace::text AS lovelace,
  CASE
    WHEN c.complete THEN c.assets
    ELSE (
      SELECT jsonb_agg(jsonb_build_object('unit', encode(s.policy || s.name, 'hex'), 'quantity', m.quantity::text)
                       ORDER BY s.policy, s.name)
      FROM ma_tx_out m JOIN asset s ON s.id = m.asset_id
      WHERE m.tx_out_id = c.tx_out_id
    )
  END AS assets,
  encode(c.block_hash, 'hex') AS block,
  encode(c.data_hash, 'hex') AS data_hash,
  encode(
    CASE WHEN c.complete THEN c.inline_datum ELSE (SELECT inline_datum FROM tx_out WHERE id = c.tx_out_id) END,
    'hex'
  ) AS inline_datum,
  encode(c.reference_script_hash, 'hex') AS reference_script_hash
FROM probe p
LEFT JOIN unnest($1::int8[]) WITH ORDINALITY AS page (id, position) ON true
LEFT JOIN outputs c ON c.tx_out_id = page.id
ORDER BY page.position
