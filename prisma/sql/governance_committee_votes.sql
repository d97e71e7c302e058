-- GET /governance/committee/votes, as RYO's committee_votes.sql: every constitutional committee vote on a known
-- proposal in chain order, with the proposal's type, the vote's anchor and its block.
--   $1 int LIMIT, $2 int OFFSET
-- Indexes: voting_procedure_voter_role_voter_hash_id_idx (its role prefix), tx_pkey, block_pkey, tx_hash_key,
-- gov_action_proposal_tx_id_index_key.
{{include governance_committee_vote}}
WHERE v.voter_role = 'constitutional_committee'
ORDER BY v.id {{direction}}
LIMIT $1 OFFSET $2
