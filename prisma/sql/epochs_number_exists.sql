-- Whether epoch $1 has blocks: the 404 of /epochs/{number}/next, /previous and /blocks, as RYO's
-- epochs_404 looks for db-sync's epoch row.
--   $1 int epoch
-- Index: block_epoch_totals_idx.
-- Written as the first of the epoch's blocks in index order: as a plain EXISTS, PostgreSQL expects an
-- epoch's thousands of blocks to turn up early in a sequential scan, which for a number without blocks
-- reads the whole table.
SELECT (
  SELECT b.id FROM block b WHERE b.epoch = $1 AND b.era <> 'genesis' ORDER BY b.epoch, b.id LIMIT 1
) IS NOT NULL AS found
