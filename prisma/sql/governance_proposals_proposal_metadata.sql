-- GET /governance/proposals/{…}/metadata, as RYO's proposals_proposal_metadata(_v2).sql: the proposal's anchor
-- with the document the indexer's anchor job fetched for it (CIP-108).
--   $1 bytea transaction hash, $2 int proposal index
-- No row when the proposal is unknown. The document's columns are null until a fetch succeeded;
-- error_code/error_message are the last failure's.
-- Indexes: tx_hash_key, gov_action_proposal_tx_id_index_key, governance_anchor_pkey.
SELECT
  encode(t.hash, 'hex') AS tx_hash,
  p.index AS cert_index,
  p.anchor_url,
  encode(p.anchor_hash, 'hex') AS anchor_hash,
  {{include governance_anchor_document}}
FROM tx t
JOIN gov_action_proposal p ON p.tx_id = t.id AND p.index = $2
LEFT JOIN governance_anchor document ON document.url = p.anchor_url AND document.hash = p.anchor_hash
WHERE t.hash = $1
