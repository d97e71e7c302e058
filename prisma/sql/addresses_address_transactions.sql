-- GET /addresses/{address}/transactions and /txs: the existence probe and one page of the transactions that
-- touched the address (created an output at it or spent one of its outputs: address_tx) in one round trip.
-- The probe row is always present; the transaction columns are null when the page is empty.
--   $1 text  exact address string, or null when selecting by payment credential
--   $2 bytea 28-byte payment credential (addr_vkh/script input), or null
--   $3 int from height, $4 int from index, $5 int to height, $6 int to index (null: not given)
--   $7 int page size, $8 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. Exactly one branch of the page runs (the
-- other's parameter test is a constant false). An address's rows are numbered in chain order (address_tx.position),
-- so its page, however deep, is a range of positions: counted from its first row in the range (ASC) or back from
-- its last (DESC), each found by one probe of address_tx_pkey. A payment credential's page merges the rows of
-- every address with that credential (address_payment_cred_idx) and skips its offset, so it costs what those
-- addresses' histories hold up to the page.
-- Indexes: address_address_key, address_payment_cred_idx, address_tx_pkey, address_tx_address_id_position_idx
-- (index-only), tx_pkey, block_pkey; block_height_idx and tx_block_id_idx for the range.
WITH probe AS (
  SELECT {{include address_selection_probe}}
),
range_params AS (
  SELECT $3::int4 AS from_height, $4::int4 AS from_index, $5::int4 AS to_height, $6::int4 AS to_index
),
{{include tx_range}},
ends AS (
  SELECT
    (SELECT a.position FROM address_tx a
     WHERE a.address_id = (SELECT address_id FROM probe) AND a.tx_id >= (SELECT lo FROM tx_range)
     ORDER BY a.tx_id LIMIT 1)::int8 AS first,
    (SELECT a.position FROM address_tx a
     WHERE a.address_id = (SELECT address_id FROM probe) AND a.tx_id <= (SELECT hi FROM tx_range)
     ORDER BY a.tx_id DESC LIMIT 1)::int8 AS last,
    $7::int4 AS size, $8::int4 AS skip
  WHERE $2::bytea IS NULL
),
{{include history_page_places}},
page AS (
  (
    SELECT a.tx_id
    FROM address_tx a
    WHERE $2::bytea IS NULL AND a.address_id = (SELECT address_id FROM probe)
      AND a.position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
    ORDER BY a.position {{direction}}
  )
  UNION ALL
  (
    SELECT DISTINCT a.tx_id
    FROM address s JOIN address_tx a ON a.address_id = s.id
    WHERE s.payment_cred = $2::bytea AND a.tx_id BETWEEN (SELECT lo FROM tx_range) AND (SELECT hi FROM tx_range)
    ORDER BY a.tx_id {{direction}}
    LIMIT $7::int4 OFFSET $8::int4
  )
)
SELECT
  probe.address_seen AS seen,
  {{include history_page_transactions}}
ORDER BY page.tx_id {{direction}}
