-- GET /pools/{pool_id}/relays: the transaction CBOR and certificate index of pool $1's newest
-- registration, whose relays the API decodes (db-sync's pool_relay rows of its newest pool_update).
--   $1 bytea pool hash
-- No row when the pool never registered.
-- Indexes: pool_registration_pool_hash_idx, tx_cbor_pkey.
SELECT encode(c.bytes, 'hex') AS cbor, r.cert_index
FROM pool_registration r
JOIN tx_cbor c ON c.tx_id = r.tx_id
WHERE r.pool_hash = $1
ORDER BY r.id DESC
LIMIT 1
