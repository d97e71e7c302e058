-- GET /accounts/{stake_address}/transactions: the existence probe and one page of the account's transactions,
-- one row per transaction and address of the account it touched, as RYO lists them: in chain order, a
-- transaction's addresses by the lowest output that links each to it (address_tx.tx_out_id).
-- The probe row is always present; the transaction columns are null when the page is empty.
--   $1 text stake address (bech32)
--   $2 int from height, $3 int from index, $4 int to height, $5 int to index (null: not given)
--   $6 int page size, $7 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. The account's rows are numbered in this order
-- (address_tx.account_position), so its page, however deep and however many addresses the account has, is a range
-- of positions: counted from its first row in the range (ASC) or back from its last (DESC), each found by one probe
-- of the account's index in chain order.
-- Indexes: stake_address_view_key, address_tx_stake_address_id_tx_id_tx_out_id_idx,
-- address_tx_stake_address_id_account_position_idx (index-only), address_pkey, tx_pkey, block_pkey;
-- block_height_idx and tx_block_id_idx for the range.
WITH probe AS (
  SELECT (SELECT id FROM stake_address WHERE view = $1) AS stake_address_id
),
range_params AS (
  SELECT $2::int4 AS from_height, $3::int4 AS from_index, $4::int4 AS to_height, $5::int4 AS to_index
),
{{include tx_range}},
ends AS (
  SELECT
    (SELECT a.account_position FROM address_tx a
     WHERE a.stake_address_id = (SELECT stake_address_id FROM probe) AND a.tx_id >= (SELECT lo FROM tx_range)
     ORDER BY a.tx_id, a.tx_out_id LIMIT 1)::int8 AS first,
    (SELECT a.account_position FROM address_tx a
     WHERE a.stake_address_id = (SELECT stake_address_id FROM probe) AND a.tx_id <= (SELECT hi FROM tx_range)
     ORDER BY a.tx_id DESC, a.tx_out_id DESC LIMIT 1)::int8 AS last,
    $6::int4 AS size, $7::int4 AS skip
),
{{include history_page_places}},
page AS (
  SELECT a.tx_id, a.tx_out_id, a.address_id
  FROM address_tx a
  WHERE a.stake_address_id = (SELECT stake_address_id FROM probe)
    AND a.account_position BETWEEN (SELECT lo FROM places) AND (SELECT hi FROM places)
  ORDER BY a.account_position {{direction}}
)
SELECT
  probe.stake_address_id IS NOT NULL AS seen,
  s.address,
  {{include history_page_transactions}}
LEFT JOIN address s ON s.id = page.address_id
ORDER BY page.tx_id {{direction}}, page.tx_out_id {{direction}}
