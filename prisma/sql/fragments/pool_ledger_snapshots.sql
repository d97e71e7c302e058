-- CTEs `live` (the newest pool snapshot), `active` (the snapshot taken at the start of the epoch before
-- `tip`'s, the one its leaders were drawn from), each with its epoch, reserves and total stake and no row
-- when there is no such snapshot, and `saturation` (the stake that saturates a pool: the supply outside the
-- reserves of the newest snapshot over the newest protocol parameters' desiredNumberOfStakePools).
-- A pool's figure from them is null without their row (docs/semantics.md#pools-what-comes-from-the-ledger).
-- Needs a CTE `tip` (the epoch of the newest block).
-- Indexes: pool_snapshot_epoch_pkey, pool_stake_snapshot_pkey.
live AS (
  SELECT e.epoch, e.reserves, (SELECT sum(s.stake) FROM pool_stake_snapshot s WHERE s.epoch = e.epoch) AS total
  FROM pool_snapshot_epoch e
  ORDER BY e.epoch DESC
  LIMIT 1
),
active AS (
  SELECT e.epoch, e.reserves, (SELECT sum(s.stake) FROM pool_stake_snapshot s WHERE s.epoch = e.epoch) AS total
  FROM pool_snapshot_epoch e
  WHERE e.epoch = (SELECT epoch FROM tip) - 1
),
saturation AS (
  SELECT (g.max_lovelace_supply - l.reserves)::numeric / n.n_opt AS stake
  FROM live l, genesis g,
    (SELECT (p.params ->> 'desiredNumberOfStakePools')::int AS n_opt
     FROM protocol_parameters p ORDER BY p.epoch DESC LIMIT 1) n
)
