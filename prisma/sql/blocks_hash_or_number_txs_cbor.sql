-- GET /blocks/{hash_or_number}/txs/cbor and /blocks/latest/txs/cbor: one page of the block's
-- transactions in block order ({{direction}}), each with its CBOR.
--   $1 int8 the block's id, $2 int page size, $3 int offset
-- The page is taken over the block's transactions before the CBOR is joined, as RYO pages by
-- transaction id: one stored without its CBOR (the genesis pseudo-transactions, or
-- INDEXER_ALLOW_MISSING_CBOR) leaves its place on the page empty rather than shifting the pages.
-- Indexes: tx_block_id_idx, tx_cbor_pkey.
SELECT encode(t.hash, 'hex') AS tx_hash, encode(c.bytes, 'hex') AS cbor
FROM (
  SELECT id, hash, block_index FROM tx
  WHERE block_id = $1
  ORDER BY block_index {{direction}}
  LIMIT $2 OFFSET $3
) t
JOIN tx_cbor c ON c.tx_id = t.id
ORDER BY t.block_index {{direction}}
