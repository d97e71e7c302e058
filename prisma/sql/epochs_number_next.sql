-- GET /epochs/{number}/next: the epochs numbered $1 + $3 + 1 … $1 + $3 + $2 that have blocks, as RYO
-- pages db-sync's epoch rows by number (an epoch without blocks leaves its place in the page empty).
--   $1 int epoch, $2 int page size, $3 int offset
-- Indexes: block_epoch_totals_idx (one probe per number), then those of the epoch_content fragment.
WITH epochs AS (
  SELECT g AS no
  FROM generate_series($1::int8 + $3 + 1, $1::int8 + $3 + $2) g
  WHERE EXISTS (SELECT 1 FROM block b WHERE b.epoch = g AND b.era <> 'genesis')
)
{{include epoch_content}}
