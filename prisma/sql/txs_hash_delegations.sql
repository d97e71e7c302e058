-- GET /txs/{hash}/delegations, as RYO's txs_hash_delegations.sql: the transaction's pool delegations in
-- certificate order; a delegation takes effect two epochs after its block's (db-sync active_epoch_no).
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, block_pkey, delegation_tx_id_idx, stake_address_pkey.
SELECT d.cert_index, a.view AS address, encode(d.pool_hash, 'hex') AS pool_hash,
       CASE WHEN d.id IS NOT NULL THEN b.epoch + 2 END AS active_epoch
FROM tx t
JOIN block b ON b.id = t.block_id
LEFT JOIN delegation d ON d.tx_id = t.id
LEFT JOIN stake_address a ON a.id = d.stake_address_id
WHERE t.hash = $1
ORDER BY d.cert_index
