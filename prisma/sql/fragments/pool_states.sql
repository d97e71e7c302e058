-- CTEs `tip` (the epoch of the newest block, db-sync's newest epoch) and `pool_state`: each registered
-- pool with its first registration's id (db-sync's pool_hash order: a pool is first seen registering)
-- and, when its newest retirement certificate comes after its newest registration, that retirement's
-- epoch and transaction; a registration after a retirement cancels it, as in the ledger.
-- Indexes: pool_registration_pool_hash_idx, pool_retire_pool_hash_tx_id_idx, block_pkey.
tip AS (
  SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
),
pool_state AS (
  SELECT r.pool_hash, r.first_id, x.retiring_epoch, x.tx_id AS retire_tx_id
  FROM (
    SELECT pool_hash, min(id) AS first_id, max(ARRAY[tx_id, cert_index]) AS newest
    FROM pool_registration
    GROUP BY pool_hash
  ) r
  LEFT JOIN LATERAL (
    SELECT p.retiring_epoch, p.tx_id, p.cert_index
    FROM pool_retire p
    WHERE p.pool_hash = r.pool_hash
    ORDER BY p.tx_id DESC, p.cert_index DESC
    LIMIT 1
  ) x ON ARRAY[x.tx_id, x.cert_index] > r.newest
)
