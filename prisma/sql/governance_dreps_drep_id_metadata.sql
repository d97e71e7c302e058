-- GET /governance/dreps/{drep_id}/metadata: the DRep's latest anchor (of a registration or an update) with the
-- document the indexer's anchor job fetched for it; no row when no certificate of the DRep has an anchor (404).
--   $1 text  drep_kind: key | script (the predefined DReps have no certificates)
--   $2 bytea drep_hash
-- The document's columns are null until a fetch succeeded; error_code/error_message are the last failure's.
-- Indexes: drep_registration_drep_hash_tx_id_idx, governance_anchor_pkey.
WITH anchor AS (
  SELECT r.anchor_url, r.anchor_hash FROM drep_registration r
  WHERE r.drep_hash = $2::bytea AND r.drep_kind = $1::text AND r.anchor_url IS NOT NULL
  ORDER BY r.tx_id DESC, r.cert_index DESC
  LIMIT 1
)
SELECT
  a.anchor_url,
  encode(a.anchor_hash, 'hex') AS anchor_hash,
  {{include governance_anchor_document}}
FROM anchor a
LEFT JOIN governance_anchor document ON document.url = a.anchor_url AND document.hash = a.anchor_hash
