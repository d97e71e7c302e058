-- GET /pools: one page of the registered pools that have not retired (a pool whose retirement is still
-- ahead is listed), in the order they first registered, as RYO orders db-sync's pool_hash ids.
--   $1 int page size, $2 int offset
-- Indexes: those of the pool_states fragment.
WITH {{include pool_states}}
SELECT encode(s.pool_hash, 'hex') AS pool_hash
FROM pool_state s
WHERE s.retiring_epoch IS NULL OR s.retiring_epoch > (SELECT epoch FROM tip)
ORDER BY s.first_id {{direction}}
LIMIT $1 OFFSET $2
