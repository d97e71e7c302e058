-- GET /epochs/{number}: epoch $1 if it has blocks (db-sync has an epoch row only for those).
--   $1 int epoch
-- The epoch's first block is looked up in index order, as in epochs_number_exists.sql.
-- Indexes: block_epoch_totals_idx, then those of the epoch_content fragment.
WITH epochs AS (
  SELECT $1::int8 AS no
  WHERE (
    SELECT b.id FROM block b WHERE b.epoch = $1 AND b.era <> 'genesis' ORDER BY b.epoch, b.id LIMIT 1
  ) IS NOT NULL
)
{{include epoch_content}}
