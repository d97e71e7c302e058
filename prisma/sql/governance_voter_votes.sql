-- GET /governance/dreps/{drep_id}/votes and /pools/{pool_id}/votes, as RYO's dreps_drep_id_votes.sql and
-- pools_pool_id_votes.sql: one voter's votes in chain order, with the action each is on.
--   $1 text voter role (drep | spo), $2 bytea voter credential or pool hash, $3 bool script credential,
--   $4 int LIMIT, $5 int OFFSET
-- Indexes: voting_procedure_voter_role_voter_hash_id_idx, tx_pkey.
SELECT encode(t.hash, 'hex') AS tx_hash, v.index AS cert_index,
       encode(v.gov_action_tx_hash, 'hex') AS proposal_tx_hash, v.gov_action_index AS proposal_cert_index, v.vote
FROM voting_procedure v
JOIN tx t ON t.id = v.tx_id
WHERE v.voter_role = $1 AND v.voter_hash = $2 AND v.voter_has_script = $3
ORDER BY v.id {{direction}}
LIMIT $4 OFFSET $5
