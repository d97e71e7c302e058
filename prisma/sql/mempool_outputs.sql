-- GET /mempool/{hash} and /mempool/addresses/{address}: the outputs that pending transactions spend or
-- reference, spent or not (the index may already hold the block that includes a pending transaction).
-- References the index never saw yield no row.
--   $1 text[] transaction ids (hex), $2 int[] output indexes, pairwise
-- Indexes: tx_hash_key, tx_out_tx_id_index_key, address_pkey.
SELECT
  encode(t.hash, 'hex') AS tx_hash,
  o.index,
  a.address,
  o.value::text AS lovelace
FROM unnest($1::text[], $2::int[]) AS r(tx_hash, index)
JOIN tx t ON t.hash = decode(r.tx_hash, 'hex')
JOIN tx_out o ON o.tx_id = t.id AND o.index = r.index
JOIN address a ON a.id = o.address_id
