-- Every registration of pool $1 with its epoch, in chain order: the parameters each epoch of
-- GET /pools/{pool_id}/history takes its operator's fees by (the service decodes them from the CBOR).
--   $1 bytea pool hash
-- Indexes: pool_registration_pool_hash_idx, tx_pkey, block_pkey, tx_cbor_pkey.
SELECT encode(c.bytes, 'hex') AS cbor, r.cert_index, b.epoch
FROM pool_registration r
JOIN tx t ON t.id = r.tx_id
JOIN block b ON b.id = t.block_id
JOIN tx_cbor c ON c.tx_id = r.tx_id
WHERE r.pool_hash = $1
ORDER BY r.tx_id, r.cert_index
