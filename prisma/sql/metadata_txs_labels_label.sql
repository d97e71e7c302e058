-- GET /metadata/txs/labels/{label} and /cbor: one page of the valid transactions carrying the label, in chain
-- order, with the label's CBOR (the single-entry map {label: value}).
--   $1 numeric label, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: tx_metadata_cbor_label_tx_id_idx, tx_pkey.
SELECT encode(t.hash, 'hex') AS tx_hash, encode(m.bytes, 'hex') AS metadata
FROM tx_metadata_cbor m
JOIN tx t ON t.id = m.tx_id
WHERE m.label = $1::numeric
ORDER BY m.tx_id {{direction}}, m.id {{direction}}
LIMIT $2 OFFSET $3
