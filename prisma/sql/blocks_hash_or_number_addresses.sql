-- GET /blocks/{hash_or_number}/addresses: every address the block's transactions touched, in the order
-- Blockfrost pages them, as RYO derives them from db-sync: the addresses of their outputs and of the outputs
-- they spent (tx_out_spend: the inputs, or the collaterals of a phase-2-invalid transaction, whose outputs are
-- its collateral return), each with the transactions that touched it in block order. Every page needs all of
-- them to be ordered, and they never change while the block is in the chain, so the API reads the whole list
-- once per block hash and pages it.
--   $1 bytea the block's hash
-- One row with a null address when the block touched none; `block_seen` false when no block has the hash.
-- Addresses sort bytewise (C collation), so the order does not depend on the database locale.
-- An input whose output the index never saw (created before a mid-chain start) adds nothing.
-- Indexes: block_hash_key, tx_block_id_idx, tx_out_tx_id_index_key, tx_out_spend_tx_id_idx, tx_out_pkey,
-- address_pkey.
WITH block_tx AS (
  SELECT id, hash, block_index FROM tx WHERE block_id = (SELECT id FROM block WHERE hash = $1)
),
touched AS (
  SELECT o.address_id, t.hash, t.block_index
  FROM block_tx t JOIN tx_out o ON o.tx_id = t.id
  UNION
  SELECT o.address_id, t.hash, t.block_index
  FROM block_tx t JOIN tx_out_spend s ON s.tx_id = t.id JOIN tx_out o ON o.id = s.tx_out_id
),
listed AS (
  SELECT
    a.address,
    json_agg(json_build_object('tx_hash', encode(t.hash, 'hex')) ORDER BY t.block_index) AS transactions
  FROM touched t
  JOIN address a ON a.id = t.address_id
  GROUP BY a.id
)
SELECT EXISTS (SELECT 1 FROM block WHERE hash = $1) AS block_seen, l.address, l.transactions
FROM (SELECT 1) probe
LEFT JOIN listed l ON true
ORDER BY l.address COLLATE "C"
