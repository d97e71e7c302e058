-- GET /metadata/txs/labels: every metadata label of valid transactions with the number of transactions
-- carrying it, in label order.
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: tx_metadata_cbor_label_tx_id_idx (index-only, groups in label order so LIMIT stops early).
SELECT m.label::text AS label, count(*)::text AS count
FROM tx_metadata_cbor m
GROUP BY m.label
ORDER BY m.label {{direction}}
LIMIT $1 OFFSET $2
