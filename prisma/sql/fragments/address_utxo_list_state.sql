-- The id list queries' `state`: whether the earlier list (the block of the probe's since_id) is still in the
-- chain and close enough behind the tip to be carried forward by the blocks after it.
state AS (
  SELECT
    p.*,
    -- No rollback removed the earlier list's tip: outputs it listed are the same ones (pages read for them stay
    -- good where this list has the same ids), which a new branch reusing their ids would not be.
    p.since_id IS NOT NULL AS continues,
    p.since_id IS NOT NULL AND p.tip_id - p.since_id <= 100 AS carried
  FROM probe p
)