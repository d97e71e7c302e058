-- GET /governance/proposals, as RYO's governance/proposals.sql: every proposal in chain order.
--   $1 int LIMIT, $2 int OFFSET
-- Indexes: gov_action_proposal_pkey, tx_pkey.
SELECT encode(t.hash, 'hex') AS tx_hash, p.index AS cert_index, p.type AS governance_type
FROM gov_action_proposal p
JOIN tx t ON t.id = p.tx_id
ORDER BY p.id {{direction}}
LIMIT $1 OFFSET $2
