-- GET /network/eras: the node's era history as the indexer stored it, in era order, with the slot of
-- the node's tip (the current era's end is projected from it).
-- Indexes: era_summary_pkey, indexer_status_pkey.
SELECT
  e.start_time::float8 AS start_time,
  e.start_slot::float8 AS start_slot,
  e.start_epoch,
  e.end_time::float8 AS end_time,
  e.end_slot::float8 AS end_slot,
  e.end_epoch,
  e.epoch_length,
  e.slot_length_ms,
  e.safe_zone,
  (SELECT s.node_tip_slot::float8 FROM indexer_status s WHERE s.id = 1) AS node_tip_slot
FROM era_summary e
ORDER BY e.index
