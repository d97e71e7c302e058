-- GET /blocks/{hash_or_number}/addresses: one page of the addresses the block's transactions touched,
-- as RYO derives them from db-sync: the addresses of their outputs and of the outputs they spent
-- (tx_out_spend: the inputs, or the collaterals of a phase-2-invalid transaction, whose outputs are
-- its collateral return), each with the transactions that touched it in block order.
--   $1 int8 the block's id, $2 int page size, $3 int offset
-- Addresses sort bytewise (C collation), so the order does not depend on the database locale.
-- An input whose output the index never saw (created before a mid-chain start) adds nothing.
-- Indexes: tx_block_id_idx, tx_out_tx_id_index_key, tx_out_spend_tx_id_idx, tx_out_pkey, address_pkey.
WITH block_tx AS (
  SELECT id, hash, block_index FROM tx WHERE block_id = $1
),
touched AS (
  SELECT o.address_id, t.hash, t.block_index
  FROM block_tx t JOIN tx_out o ON o.tx_id = t.id
  UNION
  SELECT o.address_id, t.hash, t.block_index
  FROM block_tx t JOIN tx_out_spend s ON s.tx_id = t.id JOIN tx_out o ON o.id = s.tx_out_id
)
SELECT
  a.address,
  json_agg(json_build_object('tx_hash', encode(t.hash, 'hex')) ORDER BY t.block_index) AS transactions
FROM touched t
JOIN address a ON a.id = t.address_id
GROUP BY a.id
ORDER BY a.address COLLATE "C"
LIMIT $2 OFFSET $3
