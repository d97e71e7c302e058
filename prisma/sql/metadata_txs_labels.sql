-- GET /metadata/txs/labels: every metadata label of valid transactions with the number of transactions
-- carrying it, in label order: the running totals the indexer keeps (metadata_label_total), one row per
-- label, instead of counting the label's rows on each request.
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: metadata_label_total_pkey (label order, so LIMIT stops early).
SELECT t.label::text AS label, t.tx_count::text AS count
FROM metadata_label_total t
ORDER BY t.label {{direction}}
LIMIT $1 OFFSET $2
