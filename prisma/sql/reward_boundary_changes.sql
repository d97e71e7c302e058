-- What the boundary that began $1 paid each account into its reward balance besides what the chain says
-- (apps/indexer/src/jobs/epoch-snapshots/rewards.ts; rules: docs/semantics.md#rewards): its balance there less
-- its balance at the boundary before, plus what it withdrew in between, less the boundary's MIR payments
-- (certificates of the epoch before), proposal deposit refunds (proposals live in the governance snapshot of the
-- epoch before and not in $1's) and the enacted treasury withdrawals among them. `uncertain` when a treasury
-- withdrawal to it left the ledger and what we store does not say whether it was enacted.
--   $1 int the epoch; $boundary_tx_id int8 the last transaction before $1; $previous_tx_id int8 the last one
--   before $1 − 1
-- Only accounts registered at the boundary (the ledger pays no other), and with a change or uncertain. The
-- account's pool in the distribution of $1 − 2 (whose rewards the boundary pays) comes with it.
-- Indexes: the fragment's, reward_boundary_balance_pkey, withdrawal_tx_id_idx, mir_tx_id_idx,
-- governance_proposal_state_pkey, gov_action_proposal_tx_id_index_key, treasury_withdrawal_gov_action_proposal_id_id_idx,
-- epoch_stake_stake_address_id_epoch_key.
WITH {{include boundary_registration}},
withdrawn AS (
  SELECT w.stake_address_id, sum(w.amount) AS amount
  FROM withdrawal w
  WHERE w.tx_id > $previous_tx_id::int8 AND w.tx_id <= $boundary_tx_id::int8
  GROUP BY w.stake_address_id
),
mir_paid AS (
  SELECT m.stake_address_id, sum(m.amount) AS amount
  FROM mir m
  WHERE m.tx_id > $previous_tx_id::int8 AND m.tx_id <= $boundary_tx_id::int8
  GROUP BY m.stake_address_id
),
left_ledger AS (
  SELECT p.id, p.return_address_id, p.deposit, p.type, s.until_epoch
  FROM governance_proposal_state s
  JOIN tx t ON t.hash = s.tx_hash
  JOIN gov_action_proposal p ON p.tx_id = t.id AND p.index = s.index
  WHERE s.epoch = $1::int4 - 1
    AND NOT EXISTS (
      SELECT 1 FROM governance_proposal_state n
      WHERE n.epoch = $1::int4 AND n.tx_hash = s.tx_hash AND n.index = s.index
    )
),
governance_paid AS (
  SELECT stake_address_id, sum(amount) AS amount, bool_or(uncertain) AS uncertain FROM (
    SELECT l.return_address_id AS stake_address_id, l.deposit AS amount, false AS uncertain FROM left_ledger l
    UNION ALL
    -- Left before its last epoch's end: enacted; at it: enacted or expired.
    SELECT w.stake_address_id, CASE WHEN l.until_epoch >= $1::int4 - 1 THEN w.amount ELSE 0 END,
      l.until_epoch < $1::int4 - 1
    FROM left_ledger l JOIN treasury_withdrawal w ON w.gov_action_proposal_id = l.id
    WHERE l.type = 'treasury_withdrawals'
  ) paid
  GROUP BY stake_address_id
),
changed AS (
  SELECT
    g.stake_address_id,
    coalesce(now_.amount, 0) - coalesce(before.amount, 0) + coalesce(w.amount, 0) - coalesce(m.amount, 0)
      - coalesce(v.amount, 0) AS amount,
    coalesce(v.uncertain, false) AS uncertain
  FROM registration g
  LEFT JOIN reward_boundary_balance now_ ON now_.epoch = $1::int4 AND now_.stake_address_id = g.stake_address_id
  LEFT JOIN reward_boundary_balance before
    ON before.epoch = $1::int4 - 1 AND before.stake_address_id = g.stake_address_id
  LEFT JOIN withdrawn w ON w.stake_address_id = g.stake_address_id
  LEFT JOIN mir_paid m ON m.stake_address_id = g.stake_address_id
  LEFT JOIN governance_paid v ON v.stake_address_id = g.stake_address_id
  WHERE g.registered_tx_id > g.deregistered_tx_id
)
SELECT
  c.stake_address_id::text AS stake_address_id,
  encode(s.hash_raw, 'hex') AS hash_raw,
  c.amount::text AS amount,
  c.uncertain,
  encode(e.pool_hash, 'hex') AS member_of
FROM changed c
JOIN stake_address s ON s.id = c.stake_address_id
LEFT JOIN epoch_stake e ON e.epoch = $1::int4 - 2 AND e.stake_address_id = c.stake_address_id
WHERE c.amount <> 0 OR c.uncertain
