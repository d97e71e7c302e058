-- The number of accounts registered at a boundary whose reward balance was not read between it and the next one
-- with the blocks up to its read indexed (apps/indexer/src/jobs/epoch-snapshots/rewards.ts): their balance at the
-- boundary is not known.
--   $1 int8 the slot of the epoch's first block; $2 int8 the slot reads must precede: the next epoch's first
--   block's, or the one after the newest indexed block; $boundary_tx_id int8 the last transaction before the
--   boundary
WITH {{include boundary_registration}}
SELECT count(*)::int AS unread
FROM registration g
LEFT JOIN reward_balance r ON r.stake_address_id = g.stake_address_id
WHERE g.registered_tx_id > g.deregistered_tx_id
  AND (r.slot IS NULL OR r.slot < $1::int8 OR r.slot >= $2::int8)
