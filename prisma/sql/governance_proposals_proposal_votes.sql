-- GET /governance/proposals/{…}/votes, as RYO's proposals_proposal_votes.sql: the votes on the action in chain
-- order, each with whether it counts (the voter's latest on the action, and for a DRep none of its retirements
-- after the vote while the action was live: before the boundary it left the ledger at, when a snapshot tells it).
--   $1 bytea transaction hash, $2 int proposal index, $3 int LIMIT, $4 int OFFSET
-- Indexes: voting_procedure_gov_action_tx_hash_gov_action_index_id_idx, tx_pkey, drep_registration_drep_hash_tx_id_idx,
-- governance_proposal_state_tx_hash_index_epoch_idx, governance_snapshot_pkey, block_pkey.
WITH left_at AS (
  SELECT max(s.epoch) + 1 AS epoch FROM governance_proposal_state s WHERE s.tx_hash = $1 AND s.index = $2),
removed AS (
  SELECT g.epoch FROM governance_snapshot g JOIN left_at l ON g.epoch = l.epoch)
SELECT encode(t.hash, 'hex') AS tx_hash, v.index AS cert_index, v.voter_role,
       encode(v.voter_hash, 'hex') AS voter_hash, v.voter_has_script, v.vote,
       NOT EXISTS (
         SELECT 1 FROM voting_procedure later
         WHERE later.gov_action_tx_hash = v.gov_action_tx_hash AND later.gov_action_index = v.gov_action_index
           AND later.voter_role = v.voter_role AND later.voter_hash = v.voter_hash
           AND later.voter_has_script = v.voter_has_script AND later.id > v.id)
       AND NOT (v.voter_role = 'drep' AND EXISTS (
         SELECT 1 FROM drep_registration r JOIN tx rt ON rt.id = r.tx_id JOIN block rb ON rb.id = rt.block_id
         WHERE r.drep_hash = v.voter_hash AND r.drep_kind = CASE WHEN v.voter_has_script THEN 'script' ELSE 'key' END
           AND r.deposit < 0 AND r.tx_id > v.tx_id
           AND rb.epoch < coalesce((SELECT epoch FROM removed), 2147483647))) AS counted
FROM voting_procedure v
JOIN tx t ON t.id = v.tx_id
WHERE v.gov_action_tx_hash = $1 AND v.gov_action_index = $2
ORDER BY v.id {{direction}}
LIMIT $3 OFFSET $4
