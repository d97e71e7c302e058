-- GET /txs/{hash}/pool_updates, as RYO's txs_hash_pool_updates.sql: the transaction's pool registration
-- certificates in certificate order. Their parameters are read from the transaction's CBOR by the API;
-- this gives each certificate's index and the epoch it takes effect, as db-sync's active_epoch_no: two
-- epochs after its block's for a pool that is not registered at the end of the previous block and not
-- registered earlier in the same block, three otherwise (an update). A pool is registered from its first
-- registration until a retirement announced after its latest registration takes effect.
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, block_pkey, tx_cbor_pkey, pool_registration_tx_id_idx,
-- pool_registration_pool_hash_idx, tx_pkey, pool_retire_pool_hash_tx_id_idx.
SELECT
  encode(c.bytes, 'hex') AS cbor,
  r.cert_index,
  b.epoch + CASE
    WHEN previous.id IS NULL THEN 2
    WHEN previous.block_id = t.block_id THEN 3
    WHEN EXISTS (
      SELECT 1 FROM pool_retire x
      WHERE x.pool_hash = r.pool_hash AND x.tx_id > previous.tx_id AND x.retiring_epoch <= b.epoch
    ) THEN 2
    ELSE 3
  END AS active_epoch
FROM tx t
JOIN block b ON b.id = t.block_id
LEFT JOIN tx_cbor c ON c.tx_id = t.id
LEFT JOIN pool_registration r ON r.tx_id = t.id
LEFT JOIN LATERAL (
  SELECT p.id, p.tx_id, pt.block_id
  FROM pool_registration p JOIN tx pt ON pt.id = p.tx_id
  WHERE p.pool_hash = r.pool_hash AND p.id < r.id
  ORDER BY p.id DESC
  LIMIT 1
) previous ON true
WHERE t.hash = $1
ORDER BY r.cert_index
