-- GET /metadata/txs/labels/{label} and /cbor: one page of the valid transactions carrying the label, in chain
-- order, with the label's CBOR (the single-entry map {label: value}).
--   $1 numeric label, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- The page is taken from the index before the transactions are joined, so a deep page skips index entries only.
-- Indexes: tx_metadata_cbor_label_tx_id_idx, tx_pkey.
WITH page AS (
  SELECT m.id, m.tx_id, m.bytes
  FROM tx_metadata_cbor m
  WHERE m.label = $1::numeric
  ORDER BY m.tx_id {{direction}}, m.id {{direction}}
  LIMIT $2 OFFSET $3
)
SELECT encode(t.hash, 'hex') AS tx_hash, encode(page.bytes, 'hex') AS metadata
FROM page
JOIN LATERAL (SELECT hash FROM tx WHERE tx.id = page.tx_id) t ON true
ORDER BY page.tx_id {{direction}}, page.id {{direction}}
