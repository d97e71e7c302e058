-- GET /nutlink/tickers/{ticker}: the ticker probe and one page of the ticker's records at every address, in
-- one round trip. The probe row is always present; the record columns are null when the page is empty.
--   $1 text   the ticker (a top-level key of label-1968 JSON)
--   $2 int    page size, $3 int offset
-- As RYO: 404 unless some oracle ever posted the ticker; one record per output of each transaction whose
-- label-1968 JSON has the ticker, with the output's address, in chain order.
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: nutlink_ticker_ticker_tx_id_id_idx, nutlink_ticker_pkey, address_pkey, and those of the record's
-- columns.
WITH found AS (
  SELECT EXISTS (SELECT 1 FROM nutlink_ticker t WHERE t.ticker = $1::text) AS ticker_seen
),
-- The page from the ticker index alone (an index-only scan: a deep page skips index entries); each record's
-- address is read for the page's rows only.
page AS (
  SELECT t.id, t.tx_id, t.ticker
  FROM nutlink_ticker t
  WHERE t.ticker = $1::text
  ORDER BY t.tx_id {{direction}}, t.id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  f.ticker_seen,
  a.address,
  {{include nutlink_ticker_record}}
FROM found f
LEFT JOIN page p ON true
LEFT JOIN nutlink_ticker n ON n.id = p.id
LEFT JOIN address a ON a.id = n.address_id
LEFT JOIN tx ON tx.id = p.tx_id
LEFT JOIN block b ON b.id = tx.block_id
ORDER BY p.tx_id {{direction}}, p.id {{direction}}
