-- GET /metadata/txs/labels/{label} and /cbor: one page of the valid transactions carrying the label, in chain
-- order, with the label's CBOR (the single-entry map {label: value}).
--   $1 numeric label, $2 int page size, $3 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. A label's rows are numbered in that order
-- (tx_metadata_cbor.label_position), so its page, however deep, is a range of positions between its first and last.
-- Indexes: tx_metadata_cbor_label_label_position_idx, tx_pkey.
WITH ends AS (
  SELECT
    (SELECT m.label_position FROM tx_metadata_cbor m WHERE m.label = $1::numeric
     ORDER BY m.label_position LIMIT 1)::int8 AS first,
    (SELECT m.label_position FROM tx_metadata_cbor m WHERE m.label = $1::numeric
     ORDER BY m.label_position DESC LIMIT 1)::int8 AS last,
    $2::int4 AS size, $3::int4 AS skip
),
{{include history_page_places}},
page AS (
  SELECT m.id, m.tx_id, m.bytes
  FROM tx_metadata_cbor m
  WHERE m.label = $1::numeric AND m.label_position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
)
SELECT encode(t.hash, 'hex') AS tx_hash, encode(page.bytes, 'hex') AS metadata
FROM page
JOIN LATERAL (SELECT hash FROM tx WHERE tx.id = page.tx_id) t ON true
ORDER BY page.tx_id {{direction}}, page.id {{direction}}
