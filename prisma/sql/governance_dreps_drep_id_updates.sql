-- GET /governance/dreps/{drep_id}/updates: one page of the DRep's certificates in chain order (an unknown DRep
-- has none: an empty list, as RYO answers).
--   $1 text  drep_kind: key | script (the predefined DReps have no certificates)
--   $2 bytea drep_hash
--   $3 int   page size, $4 int offset
-- deposit > 0 is a registration (its deposit shown), < 0 a retirement, null an update (db-sync's convention).
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: drep_registration_drep_hash_tx_id_idx, tx_pkey.
SELECT
  encode(tx.hash, 'hex') AS tx_hash,
  r.cert_index,
  CASE WHEN r.deposit > 0 THEN 'registered' WHEN r.deposit < 0 THEN 'deregistered' ELSE 'updated' END AS action,
  CASE WHEN r.deposit > 0 THEN r.deposit::text END AS deposit
FROM drep_registration r
JOIN tx ON tx.id = r.tx_id
WHERE r.drep_hash = $2::bytea AND r.drep_kind = $1::text
ORDER BY r.id {{direction}}
LIMIT $3::int4 OFFSET $4::int4
