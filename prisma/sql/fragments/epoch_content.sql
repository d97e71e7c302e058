-- Blockfrost's epoch_content of each epoch in the relation `epochs(no)` the including query defines
-- (epochs that have blocks), as db-sync's epoch row holds it: the times of its first and last block, and
-- its block count, transaction count, outputs and fees summed over its blocks (0 for an epoch without
-- transactions). start_time and end_time are the epoch's bounds on the node's era history and the
-- genesis system start. active_stake is the total of the epoch's account-stake snapshot (RYO's sum of its
-- epoch_stake rows), null for an epoch without one or with no account in it, as RYO's sum over no rows
-- (docs/semantics.md#epochs-from-the-blocks). A snapshot is
-- taken in the epoch before the one it is for, so it is in place before that epoch has blocks to settle.
-- settled: the epoch's last block is more than k (the security parameter) blocks below the tip, so no
-- rollback can change its figures any more and the API may keep them (block ids are chain order
-- without gaps).
-- Indexes: block_epoch_totals_idx (index-only sums over the epoch's blocks), era_summary_pkey,
-- epoch_stake_snapshot_pkey, block_pkey (tip).
SELECT
  n.no::int AS epoch,
  (g.system_start + (s.start_ms + (n.no - s.start_epoch) * s.epoch_ms) / 1000)::float8 AS start_time,
  (g.system_start + (s.start_ms + (n.no + 1 - s.start_epoch) * s.epoch_ms) / 1000)::float8 AS end_time,
  t.first_block_time::float8 AS first_block_time,
  t.last_block_time::float8 AS last_block_time,
  t.block_count::int AS block_count,
  t.tx_count::int AS tx_count,
  COALESCE(t.output, 0)::text AS output,
  COALESCE(t.fees, 0)::text AS fees,
  (SELECT z.amount::text FROM epoch_stake_snapshot z WHERE z.epoch = n.no AND z.accounts > 0) AS active_stake,
  (SELECT max(id) FROM block) - t.last_id > g.security_param AS settled
FROM epochs n
CROSS JOIN genesis g
CROSS JOIN LATERAL (
  SELECT e.start_time * 1000 AS start_ms, e.start_epoch::int8 AS start_epoch,
    e.epoch_length::int8 * e.slot_length_ms AS epoch_ms
  FROM era_summary e
  WHERE e.start_epoch <= n.no
  ORDER BY e.index DESC
  LIMIT 1
) s
CROSS JOIN LATERAL (
  SELECT min(b.time) AS first_block_time, max(b.time) AS last_block_time, count(*) AS block_count,
    sum(b.tx_count) AS tx_count, sum(b.out_sum) AS output, sum(b.fees) AS fees, max(b.id) AS last_id
  FROM block b
  WHERE b.epoch = n.no AND b.era <> 'genesis'
) t
ORDER BY n.no
