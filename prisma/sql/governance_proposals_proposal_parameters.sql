-- GET /governance/proposals/{…}/parameters, as RYO's proposals_proposal_parameters.sql: a parameter change's
-- proposed update (its CBOR; the API names its entries).
--   $1 bytea transaction hash, $2 int proposal index
-- No row when the proposal is unknown or not a parameter change.
-- Indexes: tx_hash_key, gov_action_proposal_tx_id_index_key.
SELECT encode(t.hash, 'hex') AS tx_hash, p.index AS cert_index, p.param_update
FROM tx t
JOIN gov_action_proposal p ON p.tx_id = t.id AND p.index = $2
WHERE t.hash = $1 AND p.type = 'parameter_change'
