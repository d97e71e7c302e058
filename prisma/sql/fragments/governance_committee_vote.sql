-- A constitutional committee vote (`v`) on a known proposal as the committee votes paths show it: the vote's
-- transaction, hot credential, proposal and its type, anchor and block.
SELECT encode(t.hash, 'hex') AS tx_hash, encode(v.voter_hash, 'hex') AS voter_hash, v.voter_has_script,
       encode(v.gov_action_tx_hash, 'hex') AS proposal_tx_hash, v.gov_action_index AS proposal_index,
       p.type AS governance_type, v.vote, v.anchor_url AS metadata_url, encode(v.anchor_hash, 'hex') AS metadata_hash,
       b.height AS block_height, b.time::float8 AS block_time
FROM voting_procedure v
JOIN tx t ON t.id = v.tx_id
JOIN block b ON b.id = t.block_id
JOIN tx pt ON pt.hash = v.gov_action_tx_hash
JOIN gov_action_proposal p ON p.tx_id = pt.id AND p.index = v.gov_action_index
