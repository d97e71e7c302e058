-- Blockfrost's block_content, shared by every /blocks endpoint that returns one block: each endpoint's
-- SQL file includes it and puts its WHERE clause after it.
-- Integers that can outgrow int4 (time, slot) are returned as float8, which JavaScript reads exactly
-- below 2^53. As db-sync shows them: epoch-boundary blocks and the genesis pseudo-block have no slot,
-- the genesis pseudo-block has no epoch, and both count their confirmations from the height of the
-- block before them (0 for the genesis pseudo-block and the first boundary after it); before the first
-- block with a height, the tip's height counts as 0.
-- Indexes: block_pkey (next block, previous of a boundary block via block_hash_key), block_height_idx
-- (max height).
SELECT
  b.time::float8 AS time,
  b.height,
  encode(b.hash, 'hex') AS hash,
  CASE WHEN b.is_ebb OR b.era = 'genesis' THEN NULL ELSE b.slot::float8 END AS slot,
  CASE WHEN b.era = 'genesis' THEN NULL ELSE b.epoch END AS epoch,
  b.epoch_slot,
  b.slot_leader,
  b.size,
  b.tx_count,
  b.out_sum::text AS output,
  b.fees::text AS fees,
  b.block_vrf,
  encode(b.op_cert, 'hex') AS op_cert,
  b.op_cert_counter::text AS op_cert_counter,
  encode(b.previous_hash, 'hex') AS previous_block,
  (SELECT encode(n.hash, 'hex') FROM block n WHERE n.id > b.id ORDER BY n.id LIMIT 1) AS next_block,
  (COALESCE((SELECT max(height) FROM block), 0) - COALESCE(
    b.height,
    (SELECT p.height FROM block p WHERE p.hash = b.previous_hash),
    0
  ))::float8 AS confirmations
FROM block b
