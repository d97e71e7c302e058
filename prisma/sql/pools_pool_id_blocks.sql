-- GET /pools/{pool_id}/blocks: one page of the hashes of the blocks pool $1 (its pool1… id, as
-- block.slot_leader holds it) made, in chain order. Along the chain the epoch never decreases, so
-- ordering by (epoch, id) is chain order and lets the index deliver it.
--   $1 text pool id, $2 int page size, $3 int offset
-- Index: block_slot_leader_epoch_id_idx (in order).
SELECT encode(b.hash, 'hex') AS hash
FROM block b
WHERE b.slot_leader = $1
ORDER BY b.epoch {{direction}}, b.id {{direction}}
LIMIT $2 OFFSET $3
