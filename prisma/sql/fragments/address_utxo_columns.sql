-- An unspent output's fields as /addresses/{address}/utxos answers them, from its address_utxo_answer row `c`
-- (every asset of the output, not only one asked for).
  encode(c.tx_hash, 'hex') AS tx_hash,
  c.output_index,
  c.lovelace::text AS lovelace,
  c.assets,
  encode(c.block_hash, 'hex') AS block,
  encode(c.data_hash, 'hex') AS data_hash,
  encode(c.inline_datum, 'hex') AS inline_datum,
  encode(c.reference_script_hash, 'hex') AS reference_script_hash