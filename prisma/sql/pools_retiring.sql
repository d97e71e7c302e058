-- GET /pools/retiring: one page of the pools that announced a retirement in an epoch still ahead, by
-- retiring epoch and then announcing transaction, as RYO.
--   $1 int page size, $2 int offset
-- Indexes: those of the pool_states fragment.
WITH {{include pool_states}}
SELECT encode(s.pool_hash, 'hex') AS pool_hash, s.retiring_epoch AS epoch
FROM pool_state s
WHERE s.retiring_epoch > (SELECT epoch FROM tip)
ORDER BY s.retiring_epoch {{direction}}, s.retire_tx_id {{direction}}
LIMIT $1 OFFSET $2
