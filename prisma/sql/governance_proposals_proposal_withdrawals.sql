-- GET /governance/proposals/{…}/withdrawals, as RYO's proposals_proposal_withdrawals.sql: what a treasury
-- withdrawals action pays each reward account, in the ledger's order of the accounts.
--   $1 bytea transaction hash, $2 int proposal index, $3 int LIMIT, $4 int OFFSET
-- Indexes: tx_hash_key, gov_action_proposal_tx_id_index_key, treasury_withdrawal_gov_action_proposal_id_id_idx,
-- stake_address_pkey.
SELECT a.view AS stake_address, w.amount::text AS amount
FROM tx t
JOIN gov_action_proposal p ON p.tx_id = t.id AND p.index = $2
JOIN treasury_withdrawal w ON w.gov_action_proposal_id = p.id
JOIN stake_address a ON a.id = w.stake_address_id
WHERE t.hash = $1
ORDER BY w.id {{direction}}
LIMIT $3 OFFSET $4
