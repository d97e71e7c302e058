-- GET /txs/{hash}/pool_retires, as RYO's txs_hash_pool_retires.sql: the transaction's pool retirement
-- certificates in certificate order, with the epoch each pool retires at.
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, pool_retire_tx_id_idx.
SELECT r.cert_index, encode(r.pool_hash, 'hex') AS pool_hash, r.retiring_epoch
FROM tx t
LEFT JOIN pool_retire r ON r.tx_id = t.id
WHERE t.hash = $1
ORDER BY r.cert_index
