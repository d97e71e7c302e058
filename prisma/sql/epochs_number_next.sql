-- GET /epochs/{number}/next: the epochs numbered $1 + $3 + 1 … $1 + $3 + $2 that have blocks, as RYO
-- pages db-sync's epoch rows by number (an epoch without blocks leaves its place in the page empty).
--   $1 int epoch, $2 int page size, $3 int offset
-- Only the numbers: the API keeps settled epochs' figures and asks epochs_content.sql for the others.
-- Index: block_epoch_totals_idx (one probe per number).
SELECT g::int AS epoch
FROM generate_series($1::int8 + $3 + 1, $1::int8 + $3 + $2) g
WHERE EXISTS (SELECT 1 FROM block b WHERE b.epoch = g AND b.era <> 'genesis')
ORDER BY g
