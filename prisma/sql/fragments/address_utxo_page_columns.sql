  -- the address asked for, or for a payment credential each output's (one lookup per output only then)
  coalesce($1, (SELECT a.address FROM address a WHERE a.id = c.address_id)) AS address,
  {{include address_utxo_columns}},
  -- the output's id: new blocks that change only outputs past a full page's last one leave the page as it was
  c.tx_out_id::text AS output_id