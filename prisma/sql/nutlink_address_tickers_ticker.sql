-- GET /nutlink/{address}/tickers/{ticker}: the registration and ticker probes and one page of the ticker's
-- records at the address, in one round trip. The probe row is always present; the record columns are null
-- when the page is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 text   the ticker (a top-level key of label-1968 JSON)
--   $4 int    page size, $5 int offset
-- As RYO: 404 unless the address registered and some oracle ever posted the ticker (anywhere); one record
-- per output to the address of each transaction whose label-1968 JSON has the ticker, in chain order.
-- {{direction}} is ASC or DESC, substituted when the file is loaded. Exactly one branch of the union runs.
-- Indexes: address_address_key, nutlink_registration_address_id_idx / _payment_cred_idx,
-- nutlink_ticker_ticker_tx_id_id_idx, nutlink_ticker_address_id_ticker_tx_id_id_idx /
-- nutlink_ticker_payment_cred_ticker_tx_id_id_idx, and those of the record's columns.
WITH probe AS (
  SELECT (SELECT id FROM address WHERE address = $1) AS address_id
),
found AS (
  SELECT
    EXISTS (
      SELECT 1 FROM nutlink_registration r, probe
      WHERE ($2::bytea IS NULL AND r.address_id = probe.address_id) OR r.payment_cred = $2::bytea
    ) AS oracle_registered,
    EXISTS (SELECT 1 FROM nutlink_ticker t WHERE t.ticker = $3::text) AS ticker_seen
),
page AS (
  (
    SELECT t.id, t.tx_id, t.ticker
    FROM nutlink_ticker t
    WHERE $2::bytea IS NULL AND t.address_id = (SELECT address_id FROM probe) AND t.ticker = $3::text
    ORDER BY t.tx_id {{direction}}, t.id {{direction}}
    LIMIT $4::int4 OFFSET $5::int4
  )
  UNION ALL
  (
    SELECT t.id, t.tx_id, t.ticker
    FROM nutlink_ticker t
    WHERE t.payment_cred = $2::bytea AND t.ticker = $3::text
    ORDER BY t.tx_id {{direction}}, t.id {{direction}}
    LIMIT $4::int4 OFFSET $5::int4
  )
)
SELECT
  f.oracle_registered,
  f.ticker_seen,
  {{include nutlink_ticker_record}}
FROM found f
LEFT JOIN page p ON true
LEFT JOIN tx ON tx.id = p.tx_id
LEFT JOIN block b ON b.id = tx.block_id
ORDER BY p.tx_id {{direction}}, p.id {{direction}}
