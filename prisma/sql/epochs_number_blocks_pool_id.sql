-- GET /epochs/{number}/blocks/{pool_id}: one page of the hashes of the blocks pool $4 (its pool1… id, as
-- block.slot_leader holds it) made in epoch $1, in chain order.
--   $1 int epoch, $2 int page size, $3 int offset, $4 text pool id
-- Index: block_slot_leader_epoch_id_idx (in order).
SELECT encode(b.hash, 'hex') AS hash
FROM block b
WHERE b.slot_leader = $4 AND b.epoch = $1
ORDER BY b.id {{direction}}
LIMIT $2 OFFSET $3
