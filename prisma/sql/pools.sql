-- GET /pools: one page of the registered pools that have not retired (a pool whose retirement is still
-- ahead is listed), in the order they first registered, as RYO orders db-sync's pool_hash ids.
--   $1 int page size, $2 int offset
-- The pool_states fragment's rule, read per registration in id order: a pool is listed at its first
-- registration unless its newest retirement certificate comes after its newest registration and is in
-- effect by the tip's epoch (a registration after a retirement cancels it, as in the ledger). So a page
-- reads the registrations up to its end, not every pool's state.
-- Indexes: pool_registration_pkey (in order), pool_registration_pool_hash_idx, pool_retire_pool_hash_tx_id_idx,
-- block_pkey.
WITH tip AS (
  SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
)
SELECT encode(r.pool_hash, 'hex') AS pool_hash
FROM pool_registration r
WHERE NOT EXISTS (SELECT 1 FROM pool_registration e WHERE e.pool_hash = r.pool_hash AND e.id < r.id)
  AND NOT EXISTS (
    SELECT 1
    FROM (
      SELECT p.retiring_epoch, p.tx_id, p.cert_index
      FROM pool_retire p
      WHERE p.pool_hash = r.pool_hash
      ORDER BY p.tx_id DESC, p.cert_index DESC
      LIMIT 1
    ) x
    WHERE ARRAY[x.tx_id, x.cert_index] > (
        SELECT max(ARRAY[n.tx_id, n.cert_index]) FROM pool_registration n WHERE n.pool_hash = r.pool_hash
      )
      AND (x.retiring_epoch > (SELECT epoch FROM tip)) IS NOT TRUE
  )
ORDER BY r.id {{direction}}
LIMIT $1 OFFSET $2
