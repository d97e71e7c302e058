-- GET /pools/{pool_id}/updates: one page of pool $1's registration and retirement certificates, by
-- transaction and certificate index, as RYO lists db-sync's pool_update and pool_retire rows.
--   $1 bytea pool hash, $2 int page size, $3 int offset
-- Indexes: pool_registration_pool_hash_idx, pool_retire_pool_hash_tx_id_idx, tx_pkey.
SELECT encode(t.hash, 'hex') AS tx_hash, u.cert_index, u.action
FROM (
  SELECT tx_id, cert_index, 'registered' AS action FROM pool_registration WHERE pool_hash = $1
  UNION ALL
  SELECT tx_id, cert_index, 'deregistered' AS action FROM pool_retire WHERE pool_hash = $1
) u
JOIN tx t ON t.id = u.tx_id
ORDER BY u.tx_id {{direction}}, u.cert_index {{direction}}
LIMIT $2 OFFSET $3
