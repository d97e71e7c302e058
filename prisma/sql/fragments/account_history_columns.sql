-- The transaction columns every account history row shows, from its transaction `t` and block `b`.
  encode(t.hash, 'hex') AS tx_hash,
  b.slot::float8 AS tx_slot,
  b.time::float8 AS block_time,
  b.height AS block_height
