-- GET /blocks/{hash_or_number}/txs and /blocks/latest/txs: one page of the block's transaction hashes
-- in block order ({{direction}}).
--   $1 int8 the block's id, $2 int page size, $3 int offset
-- Index: tx_block_id_idx.
SELECT encode(hash, 'hex') AS hash
FROM tx
WHERE block_id = $1
ORDER BY block_index {{direction}}
LIMIT $2 OFFSET $3
