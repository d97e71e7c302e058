-- The indexer's per-account stake snapshot (apps/indexer/src/jobs/epoch-snapshots/accounts.ts), run in the
-- transaction that removed the epoch's earlier snapshot, if any.
-- Rules: docs/semantics.md#stake-snapshots.
--   $1 int the epoch the node is in, $2 int8 the ledger tip's slot, $3 int8 the id of the last transaction
--   before the epoch (of the newest one when the epoch has none yet), $4 text the hex hash of the epoch's first
--   block; $boundary_tx_id int8 the same as $3, named for the fragments
-- The state is the one at the boundary that began $1: certificates up to transaction $3, and
-- balances with the changes of the epoch's indexed transactions taken back (as a rollback to the boundary
-- would). Every account delegated then is in it: registered, its newest delegation made after its newest
-- deregistration, to a pool registered and not reaped before the boundary (a pool retiring in $1 is reaped
-- after the ledger took its snapshot, so its delegators are still in it). Its stake is its unspent lovelace
-- plus its withdrawable rewards, the withdrawals the ledger had applied when they were read added back.
-- The epoch's outputs, spends and withdrawals are each one range of tx ids (tx_out_tx_id_index_key,
-- tx_out_spend_tx_id_idx, withdrawal_tx_id_idx); the rest is one pass over the certificate, balance and pool
-- -- tables, joined by hash (the caller turns nested loops off: over a million accounts, PostgreSQL's
-- estimates of these aggregates are far too low). A registration after a retirement cancels it, as in the
-- ledger.
WITH pool_state AS (
  SELECT r.pool_hash, x.retiring_epoch
  FROM (
    SELECT pool_hash, max(ARRAY[tx_id, cert_index]) AS newest
    FROM pool_registration
    WHERE tx_id <= $3::int8
    GROUP BY pool_hash
  ) r
  LEFT JOIN LATERAL (
    SELECT p.retiring_epoch, p.tx_id, p.cert_index
    FROM pool_retire p
    WHERE p.pool_hash = r.pool_hash AND p.tx_id <= $3::int8
    ORDER BY p.tx_id DESC, p.cert_index DESC
    LIMIT 1
  ) x ON ARRAY[x.tx_id, x.cert_index] > r.newest
),
{{include boundary_registration}},
newest_delegation AS (
  SELECT DISTINCT ON (d.stake_address_id) d.stake_address_id, d.tx_id, d.pool_hash
  FROM delegation d
  WHERE d.tx_id <= $3::int8
  ORDER BY d.stake_address_id, d.id DESC
),
utxo_since AS (
  SELECT stake_address_id, sum(d) AS delta FROM (
    SELECT o.stake_address_id, -o.value AS d FROM tx_out o
      WHERE o.tx_id > $3::int8 AND o.stake_address_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM unspent_tx_out u WHERE u.tx_out_id = o.id)
    UNION ALL
    SELECT o.stake_address_id, o.value FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
      WHERE sp.tx_id > $3::int8 AND o.tx_id <= $3::int8
        AND o.stake_address_id IS NOT NULL
  ) changes
  GROUP BY stake_address_id
),
{{include boundary_withdrawn_since}},
fresh AS (
  SELECT
    d.stake_address_id,
    d.pool_hash,
    coalesce(b.utxo_value, 0) + coalesce(u.delta, 0) + coalesce(w.amount, 0) + coalesce(x.amount, 0) AS amount,
    coalesce(w.amount, 0) + coalesce(x.amount, 0) AS rewards
  FROM newest_delegation d
  JOIN registration g ON g.stake_address_id = d.stake_address_id
    AND g.registered_tx_id > g.deregistered_tx_id AND d.tx_id > g.deregistered_tx_id
  JOIN pool_state p ON p.pool_hash = d.pool_hash
    AND (p.retiring_epoch IS NULL OR p.retiring_epoch >= $1::int4)
  LEFT JOIN stake_balance b ON b.stake_address_id = d.stake_address_id
  LEFT JOIN reward_balance w ON w.stake_address_id = d.stake_address_id
  LEFT JOIN utxo_since u ON u.stake_address_id = d.stake_address_id
  LEFT JOIN withdrawn_since x ON x.stake_address_id = d.stake_address_id
),
numbered AS (
  SELECT
    f.*,
    row_number() OVER (ORDER BY get_byte(s.hash_raw, 0) & 16 DESC, substring(s.hash_raw FROM 2)) AS position
  FROM fresh f JOIN stake_address s ON s.id = f.stake_address_id
),
stored AS (
  INSERT INTO epoch_stake (epoch, position, stake_address_id, pool_hash, amount, rewards)
  SELECT $1::int4 + 1, n.position, n.stake_address_id, n.pool_hash, n.amount, n.rewards FROM numbered n
  RETURNING amount
)
INSERT INTO epoch_stake_snapshot (epoch, taken_in_epoch, slot, accounts, amount, boundary_hash)
SELECT $1::int4 + 1, $1::int4, $2::int8, count(*), coalesce(sum(amount), 0), decode($4::text, 'hex') FROM stored
ON CONFLICT (epoch) DO UPDATE
  SET taken_in_epoch = EXCLUDED.taken_in_epoch, slot = EXCLUDED.slot, accounts = EXCLUDED.accounts,
    amount = EXCLUDED.amount, boundary_hash = EXCLUDED.boundary_hash, taken_at = now()
RETURNING accounts
