-- GET /pools/{pool_id}/history, as RYO's pools_pool_id_history.sql reads db-sync: one row per epoch before the
-- newest one in whose stake distribution the pool is, with its blocks of the epoch, its active stake and
-- delegators and their share of the epoch's active stake, and the rewards its blocks of the epoch earned its
-- leader and members (paid two boundaries later). Only the distributions and rewards the indexer read are there
-- (docs/semantics.md#rewards); the operator's fees are the service's, from the pool's parameters.
--   $1 bytea pool hash, $2 text its pool1… id, $3 int page size, $4 int offset
-- Indexes: block_pkey, epoch_stake_snapshot_pkey, epoch_stake_epoch_pool_hash_position_idx,
-- block_slot_leader_epoch_id_idx, reward_pool_hash_earned_epoch_idx.
WITH tip AS (
  SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
),
page AS (
  SELECT s.epoch, s.amount AS total, p.delegators, p.stake
  FROM epoch_stake_snapshot s
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS delegators, sum(e.amount) AS stake
    FROM epoch_stake e
    WHERE e.epoch = s.epoch AND e.pool_hash = $1
  ) p
  WHERE s.epoch < (SELECT epoch FROM tip) AND p.delegators > 0
  ORDER BY s.epoch {{direction}}
  LIMIT $3::int4 OFFSET $4::int4
)
SELECT
  p.epoch,
  (SELECT count(*)::int FROM block b WHERE b.slot_leader = $2 AND b.epoch = p.epoch) AS blocks,
  p.stake::text AS active_stake,
  (p.stake / nullif(p.total, 0))::float8 AS active_size,
  p.delegators AS delegators_count,
  coalesce((
    SELECT sum(r.amount) FROM reward r
    WHERE r.pool_hash = $1 AND r.earned_epoch = p.epoch AND r.type <> 'pool_deposit_refund'
  ), 0)::text AS rewards
FROM page p
ORDER BY p.epoch {{direction}}
