-- GET /txs/{hash}/cbor: the transaction as the node serialised it.
--   $1 bytea transaction hash
-- Indexes: tx_hash_key, tx_cbor_pkey.
SELECT encode(c.bytes, 'hex') AS cbor
FROM tx t
JOIN tx_cbor c ON c.tx_id = t.id
WHERE t.hash = $1
