-- GET /governance/dreps/{drep_id}: one row, or none when the DRep was never named on chain (no certificate,
-- no vote delegation) nor in a ledger snapshot (404).
--   $1 text  drep_kind: key | script | abstain | no_confidence
--   $2 bytea drep_hash; null for the two predefined DReps
-- As RYO: registered when the latest registration's transaction comes after the latest retirement's (a DRep
-- without certificates, such as the predefined ones, counts as registered); expired when registered and the
-- epochs since its last activity exceed the latest epoch's drep_activity; amount is its voting power in the
-- latest epoch snapshot (0 without one). Activity is its certificates and its votes.
-- {{drep_vote_delegation}}: as in governance_dreps_drep_id_delegators.sql.
-- Indexes: drep_registration_drep_hash_tx_id_idx, voting_procedure_voter_role_voter_hash_id_idx,
-- delegation_vote_drep_hash_id_idx, drep_snapshot_pkey,
-- protocol_parameters_pkey.
WITH certificates AS MATERIALIZED (
  SELECT r.tx_id, r.deposit, b.epoch
  FROM drep_registration r
  JOIN tx ON tx.id = r.tx_id
  JOIN block b ON b.id = tx.block_id
  WHERE r.drep_hash = $2::bytea AND r.drep_kind = $1::text
),
last_vote AS (
  SELECT b.epoch
  FROM voting_procedure v
  JOIN tx ON tx.id = v.tx_id
  JOIN block b ON b.id = tx.block_id
  WHERE v.voter_role = 'drep' AND v.voter_hash = $2::bytea AND v.voter_has_script = ($1::text = 'script')
  ORDER BY v.id DESC
  LIMIT 1
),
{{include drep_latest_parameters}}
state AS (
  SELECT
    coalesce((SELECT max(c.tx_id) FROM certificates c WHERE c.deposit > 0), 1)
      > coalesce((SELECT max(c.tx_id) FROM certificates c WHERE c.deposit < 0), -1) AS registered,
    (SELECT max(c.epoch) FROM certificates c WHERE c.deposit > 0) AS last_registration_epoch,
    greatest((SELECT max(c.epoch) FROM certificates c), (SELECT epoch FROM last_vote)) AS last_active_epoch
),
snapshot AS (
  SELECT s.stake
  FROM drep_snapshot s
  WHERE s.epoch = (SELECT max(epoch) FROM drep_snapshot)
    AND s.drep_kind = $1::text AND s.drep_hash IS NOT DISTINCT FROM $2::bytea
)
SELECT
  coalesce((SELECT stake FROM snapshot), 0)::text AS amount,
  st.registered,
  CASE WHEN st.registered THEN st.last_registration_epoch END AS active_epoch,
  st.last_active_epoch,
  {{include drep_expired}} AS expired
FROM state st
WHERE EXISTS (SELECT 1 FROM certificates)
  OR EXISTS (
    SELECT 1 FROM delegation_vote v
    WHERE {{drep_vote_delegation}}
  )
  OR EXISTS (
    SELECT 1 FROM drep_snapshot s WHERE s.drep_kind = $1::text AND s.drep_hash IS NOT DISTINCT FROM $2::bytea
  )
