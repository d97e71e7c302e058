-- GET /nutlink/{address}/tickers: the registration probe and one page of tickers in one round trip.
-- The probe row is always present; the ticker columns are null when the page is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 text   'asc' | 'desc'
--   $4 int    page size, $5 int offset
-- nutlink_ticker has one row per (output to the oracle address, top-level key of the transaction's
-- label-1968 metadata), so counting them reproduces RYO's per-output count. nutlink_ticker_total keeps that
-- count and the first and latest transaction per address and ticker, so a page reads one row per ticker
-- and address (several addresses share a payment credential), not every record the oracle posted.
-- Ordering (RYO): asc is alphabetical (the first sort key is then null for every row); desc is first
-- appearance, newest first, then alphabetical. Tickers sort bytewise (C collation) so the order does
-- not depend on the database locale.
-- Indexes: address_address_key, nutlink_registration_address_id_idx,
-- nutlink_registration_payment_cred_idx, nutlink_ticker_total_pkey,
-- nutlink_ticker_total_payment_cred_idx, tx_pkey, block_pkey.
WITH probe AS (
  SELECT (SELECT id FROM address WHERE address = $1) AS address_id
),
registered AS (
  SELECT EXISTS (
    SELECT 1 FROM nutlink_registration r, probe p
    WHERE ($2::bytea IS NULL AND r.address_id = p.address_id) OR r.payment_cred = $2::bytea
  ) AS oracle_registered
),
ticker AS (
  SELECT t.ticker, sum(t.records) AS records, max(t.latest_tx_id) AS latest_tx_id, min(t.first_tx_id) AS first_tx_id
  FROM nutlink_ticker_total t, probe p
  WHERE ($2::bytea IS NULL AND t.address_id = p.address_id) OR t.payment_cred = $2::bytea
  GROUP BY t.ticker
),
page AS (
  SELECT * FROM ticker
  ORDER BY CASE WHEN $3 = 'desc' THEN first_tx_id END DESC, ticker COLLATE "C" ASC
  LIMIT $4 OFFSET $5
)
SELECT
  registered.oracle_registered,
  page.ticker AS name,
  page.records::int AS count,
  b.height AS latest_block
FROM registered
LEFT JOIN page ON true
LEFT JOIN tx ON tx.id = page.latest_tx_id
LEFT JOIN block b ON b.id = tx.block_id
ORDER BY CASE WHEN $3 = 'desc' THEN page.first_tx_id END DESC, page.ticker COLLATE "C" ASC
