-- GET /epochs/{number}/blocks: one page of the hashes of epoch $1's blocks in chain order.
--   $1 int epoch, $2 int page size, $3 int offset
-- Index: block_epoch_totals_idx (in order).
SELECT encode(b.hash, 'hex') AS hash
FROM block b
WHERE b.epoch = $1 AND b.era <> 'genesis'
ORDER BY b.id {{direction}}
LIMIT $2 OFFSET $3
