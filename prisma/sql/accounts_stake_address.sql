-- GET /accounts/{stake_address}: every field in one row; no row means the stake address was never
-- seen (404). Rules: docs/semantics.md#accounts-registration-delegation-and-drep; tx ids are chain order,
-- so "later" means a greater tx id.
--   $1 text bech32 stake address, exactly as stored in stake_address.view
-- Indexes: stake_address_view_key, stake_registration_stake_address_id_tx_id_idx,
-- delegation_stake_address_id_id_idx, delegation_vote_stake_address_id_id_idx,
-- drep_registration_drep_hash_tx_id_idx, withdrawal_stake_address_id_amount_idx (index-only: the sum
-- of an account's withdrawals reads no table page), mir_stake_address_id_idx.
WITH account AS (
  SELECT id, view FROM stake_address WHERE view = $1
),
-- The latest certificates of each kind, each read from the newest end of its index (a scalar
-- subquery's key is a parameter, so the index gives the order): an account with thousands of them
-- costs what one with a few does. Materialized: `state` uses each value more than once.
registration AS MATERIALIZED (
  SELECT
    (SELECT r.tx_id FROM stake_registration r WHERE r.stake_address_id = (SELECT id FROM account)
       AND NOT r.deregistration ORDER BY r.tx_id DESC LIMIT 1) AS registration_tx_id,
    (SELECT r.tx_id FROM stake_registration r WHERE r.stake_address_id = (SELECT id FROM account)
       AND r.deregistration ORDER BY r.tx_id DESC LIMIT 1) AS deregistration_tx_id
),
-- A registration and a deregistration in the same transaction count as deregistered (RYO's strict
-- comparison).
state AS (
  SELECT
    coalesce(registration_tx_id, 0) > coalesce(deregistration_tx_id, 0) AS registered,
    coalesce(deregistration_tx_id, 0) AS deregistration_tx_id,
    greatest(registration_tx_id, deregistration_tx_id) AS last_action_tx_id
  FROM registration
),
latest_delegation AS (
  SELECT d.tx_id, d.pool_hash
  FROM delegation d WHERE d.stake_address_id = (SELECT id FROM account)
  ORDER BY d.id DESC
  LIMIT 1
),
latest_vote AS (
  SELECT v.tx_id, v.drep_kind, v.drep_hash
  FROM delegation_vote v WHERE v.stake_address_id = (SELECT id FROM account)
  ORDER BY v.id DESC
  LIMIT 1
),
-- The voted DRep's latest registration and retirement certificates. Without one, registration
-- defaults to (1,1) and retirement to (-1,-1), so DReps without certificates (abstain, no confidence)
-- count as registered (RYO).
drep_registration_state AS (
  SELECT
    coalesce(registered.tx_id, 1) AS registered_tx_id,
    coalesce(registered.cert_index, 1) AS registered_cert_index,
    coalesce(retired.tx_id, -1) AS retired_tx_id,
    coalesce(retired.cert_index, -1) AS retired_cert_index
  FROM latest_vote
  LEFT JOIN LATERAL (
    SELECT r.tx_id, r.cert_index FROM drep_registration r
    WHERE r.drep_hash = latest_vote.drep_hash AND r.drep_kind = latest_vote.drep_kind AND r.deposit > 0
    ORDER BY r.tx_id DESC, r.cert_index DESC LIMIT 1
  ) registered ON true
  LEFT JOIN LATERAL (
    SELECT r.tx_id, r.cert_index FROM drep_registration r
    WHERE r.drep_hash = latest_vote.drep_hash AND r.drep_kind = latest_vote.drep_kind AND r.deposit < 0
    ORDER BY r.tx_id DESC, r.cert_index DESC LIMIT 1
  ) retired ON true
),
-- A vote delegation stays in effect unless (a) the account deregistered in a later transaction,
-- (b) the DRep is retired, or (c) the DRep re-registered after it (the same rules).
vote_in_effect AS (
  SELECT latest_vote.drep_kind, latest_vote.drep_hash
  FROM latest_vote, drep_registration_state d, state
  WHERE state.deregistration_tx_id <= latest_vote.tx_id
    AND (d.registered_tx_id, d.registered_cert_index) > (d.retired_tx_id, d.retired_cert_index)
    AND latest_vote.tx_id >= d.registered_tx_id
)
SELECT
  account.view AS stake_address,
  state.registered,
  (SELECT b.epoch FROM tx JOIN block b ON b.id = tx.block_id WHERE tx.id = state.last_action_tx_id) AS active_epoch,
  (coalesce(balance.utxo_value, 0) + coalesce(reward.amount, 0))::text AS controlled_amount,
  (coalesce(reward.amount, 0) + withdrawals.total)::text AS rewards_sum,
  withdrawals.total::text AS withdrawals_sum,
  mirs.reserves::text AS reserves_sum,
  mirs.treasury::text AS treasury_sum,
  coalesce(reward.amount, 0)::text AS withdrawable_amount,
  -- The delegation is in effect while registered and made after the last deregistration; pool
  -- retirement is ignored (RYO).
  CASE WHEN state.registered AND latest_delegation.tx_id > state.deregistration_tx_id
    THEN encode(latest_delegation.pool_hash, 'hex') END AS pool_hash,
  vote_in_effect.drep_kind,
  encode(vote_in_effect.drep_hash, 'hex') AS drep_hash
FROM account
CROSS JOIN state
CROSS JOIN LATERAL (
  SELECT coalesce(sum(w.amount), 0) AS total FROM withdrawal w WHERE w.stake_address_id = account.id
) withdrawals
CROSS JOIN LATERAL (
  SELECT
    coalesce(sum(m.amount) FILTER (WHERE m.pot = 'reserves'), 0) AS reserves,
    coalesce(sum(m.amount) FILTER (WHERE m.pot = 'treasury'), 0) AS treasury
  FROM mir m WHERE m.stake_address_id = account.id
) mirs
LEFT JOIN stake_balance balance ON balance.stake_address_id = account.id
LEFT JOIN reward_balance reward ON reward.stake_address_id = account.id
LEFT JOIN latest_delegation ON true
LEFT JOIN vote_in_effect ON true
