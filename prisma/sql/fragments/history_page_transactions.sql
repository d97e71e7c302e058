-- The columns and joins that end a transaction history query: each row of its page (page.tx_id) as Blockfrost
-- lists a transaction, after the probe's columns; a probe row without a transaction when the page is empty.
  encode(t.hash, 'hex') AS tx_hash,
  t.block_index AS tx_index,
  b.height AS block_height,
  b.time::float8 AS block_time
FROM probe
LEFT JOIN page ON true
LEFT JOIN tx t ON t.id = page.tx_id
LEFT JOIN block b ON b.id = t.block_id
