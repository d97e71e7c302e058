-- GET /blocks/epoch/{epoch_number}/slot/{slot_number}: {slot_number} is the slot within the epoch.
--   $1 int epoch, $2 int epoch slot
-- Epoch-boundary blocks have a null epoch_slot and never match. Integers that can outgrow int4
-- (time, slot) are returned as float8, which JavaScript reads exactly below 2^53.
-- Indexes: block_epoch_epoch_slot_key, block_pkey (next block), block_height_idx (max height).
SELECT
  b.time::float8 AS time,
  b.height,
  encode(b.hash, 'hex') AS hash,
  b.slot::float8 AS slot,
  b.epoch,
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
  ((SELECT max(height) FROM block) - b.height)::float8 AS confirmations
FROM block b
WHERE b.epoch = $1 AND b.epoch_slot = $2
