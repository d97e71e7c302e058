-- GET /epochs/latest: the epoch of the newest block, as db-sync's newest epoch row.
-- Indexes: block_pkey (newest block), then those of the epoch_content fragment.
WITH epochs AS (
  SELECT b.epoch::int8 AS no FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
)
{{include epoch_content}}
