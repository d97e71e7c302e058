-- GET /pools/{pool_id}: the figures of pool $1 (hash) / $2 (its pool1… id) besides its certificate's
-- parameters, as RYO reads them over db-sync (docs/semantics.md#pools-what-comes-from-the-ledger):
-- blocks from the chain; live stake (the newest pool snapshot) and active stake (the snapshot taken at the
-- start of the previous epoch, the one the current epoch's leaders were drawn from) from the ledger's
-- snapshots, each null when there is no such snapshot; delegators and live pledge from the chain's
-- delegations and the accounts' balances.
--   $1 bytea pool hash, $2 text pool id, $3 text[] the newest registration's owners (reward-address bytes, hex)
-- Indexes: those of the pool_ledger_snapshots fragment, block_slot_leader_epoch_id_idx,
-- delegation_pool_hash_idx, delegation_stake_address_id_id_idx, stake_registration_stake_address_id_tx_id_idx,
-- stake_address_hash_raw_key, stake_balance_pkey, reward_balance_pkey.
WITH tip AS (
  SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
),
{{include pool_ledger_snapshots}},
live_pool AS (
  SELECT l.total, coalesce((SELECT s.stake FROM pool_stake_snapshot s WHERE s.epoch = l.epoch AND s.pool_hash = $1), 0) AS pool
  FROM live l
),
active_pool AS (
  SELECT a.total, coalesce((SELECT s.stake FROM pool_stake_snapshot s WHERE s.epoch = a.epoch AND s.pool_hash = $1), 0) AS pool
  FROM active a
),
delegator AS (
  SELECT d.stake_address_id
  FROM delegation d
  WHERE d.pool_hash = $1
    AND d.id = (SELECT max(x.id) FROM delegation x WHERE x.stake_address_id = d.stake_address_id)
),
owner AS (
  SELECT DISTINCT s.id
  FROM stake_address s
  JOIN delegator d ON d.stake_address_id = s.id
  WHERE s.hash_raw IN (SELECT decode(h, 'hex') FROM unnest($3::text[]) AS h)
)
SELECT
  (SELECT count(*)::int FROM block b WHERE b.slot_leader = $2) AS blocks_minted,
  (SELECT count(*)::int FROM block b WHERE b.slot_leader = $2 AND b.epoch = (SELECT epoch FROM tip)) AS blocks_epoch,
  (SELECT pool::text FROM live_pool) AS live_stake,
  (SELECT (pool::numeric / nullif(total, 0))::float8 FROM live_pool) AS live_size,
  (SELECT (l.pool / s.stake)::float8 FROM live_pool l, saturation s) AS live_saturation,
  (
    -- Registered as everywhere: a deregistration in the registration's transaction wins, in any order.
    SELECT count(*)::int FROM delegator d
    WHERE NOT (
      SELECT r.deregistration FROM stake_registration r
      WHERE r.stake_address_id = d.stake_address_id
      ORDER BY r.tx_id DESC, r.deregistration DESC
      LIMIT 1
    )
  ) AS live_delegators,
  (SELECT pool::text FROM active_pool) AS active_stake,
  (SELECT (pool::numeric / nullif(total, 0))::float8 FROM active_pool) AS active_size,
  (
    SELECT (coalesce(sum(coalesce(b.utxo_value, 0) + coalesce(r.amount, 0)), 0))::text
    FROM owner o
    LEFT JOIN stake_balance b ON b.stake_address_id = o.id
    LEFT JOIN reward_balance r ON r.stake_address_id = o.id
  ) AS live_pledge,
  ARRAY(
    SELECT encode(t.hash, 'hex') FROM pool_registration r JOIN tx t ON t.id = r.tx_id
    WHERE r.pool_hash = $1 ORDER BY r.tx_id, r.cert_index
  ) AS registration,
  ARRAY(
    SELECT encode(t.hash, 'hex') FROM pool_retire r JOIN tx t ON t.id = r.tx_id
    WHERE r.pool_hash = $1 ORDER BY r.tx_id, r.cert_index
  ) AS retirement
