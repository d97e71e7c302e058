-- GET /accounts/{stake_address}/transactions: the existence probe and one page of the account's transactions,
-- one row per transaction and address of the account it touched, as RYO lists them: in chain order, a
-- transaction's addresses by the lowest output that links each to it (address_tx.tx_out_id).
-- The probe row is always present; the transaction columns are null when the page is empty.
--   $1 text stake address (bech32)
--   $2 int from height, $3 int from index, $4 int to height, $5 int to index (null: not given)
--   $6 int page size, $7 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded. The account's rows are numbered in this order
-- (address_tx.account_position, 1 to the number of rows without a gap), so its page, however deep and however many
-- addresses the account has, is a range of positions: counted from its first row in the range (ASC) or back from
-- its last (DESC). Without from/to, those are the account's first and last rows; with them, a binary search over
-- the positions finds each, as their transactions are in chain order: a probe of the position index per halving
-- (an index of the rows in chain order, for these probes alone, would cost every row written an insert).
-- Indexes: stake_address_view_key, address_tx_stake_address_id_account_position_idx (index-only), address_pkey,
-- tx_pkey, block_pkey; block_height_idx and tx_block_id_idx for the range.
WITH RECURSIVE probe AS (
  SELECT (SELECT id FROM stake_address WHERE view = $1) AS stake_address_id
),
range_params AS (
  SELECT $2::int4 AS from_height, $3::int4 AS from_index, $4::int4 AS to_height, $5::int4 AS to_index
),
{{include tx_range}},
numbered AS NOT MATERIALIZED (
  SELECT a.account_position AS position, a.tx_id
  FROM address_tx a WHERE a.stake_address_id = (SELECT stake_address_id FROM probe)
),
-- total: the account's last position, its number of rows; whole: no from/to, every row is in the range.
list AS (
  SELECT
    (SELECT n.position FROM numbered n ORDER BY n.position DESC LIMIT 1)::int8 AS total,
    (SELECT lo FROM tx_range) = 0 AS whole
),
-- Halves [lo, hi] until lo = hi: the first position whose transaction is not before the range. Each halving
-- reads its middle row by one probe of the position index (LIMIT 1 keeps the planner from joining all rows).
first_search(lo, hi) AS (
  SELECT 1::int8, CASE WHEN whole THEN 1 ELSE total END FROM list
  UNION ALL
  SELECT
    CASE WHEN n.tx_id >= (SELECT lo FROM tx_range) THEN s.lo ELSE m.mid + 1 END,
    CASE WHEN n.tx_id >= (SELECT lo FROM tx_range) THEN m.mid ELSE s.hi END
  FROM first_search s
  CROSS JOIN LATERAL (SELECT (s.lo + s.hi) / 2 AS mid) m
  CROSS JOIN LATERAL (SELECT n.tx_id FROM numbered n WHERE n.position = m.mid LIMIT 1) n
  WHERE s.lo < s.hi
),
-- The last position whose transaction is not after the range.
last_search(lo, hi) AS (
  SELECT CASE WHEN whole THEN total ELSE 1 END, total FROM list
  UNION ALL
  SELECT
    CASE WHEN n.tx_id <= (SELECT hi FROM tx_range) THEN m.mid ELSE s.lo END,
    CASE WHEN n.tx_id <= (SELECT hi FROM tx_range) THEN s.hi ELSE m.mid - 1 END
  FROM last_search s
  CROSS JOIN LATERAL (SELECT (s.lo + s.hi + 1) / 2 AS mid) m
  CROSS JOIN LATERAL (SELECT n.tx_id FROM numbered n WHERE n.position = m.mid LIMIT 1) n
  WHERE s.lo < s.hi
),
ends AS (
  SELECT
    (SELECT s.lo FROM first_search s JOIN numbered n ON n.position = s.lo
     WHERE s.lo = s.hi AND n.tx_id >= (SELECT lo FROM tx_range)) AS first,
    (SELECT s.hi FROM last_search s JOIN numbered n ON n.position = s.hi
     WHERE s.lo = s.hi AND n.tx_id <= (SELECT hi FROM tx_range)) AS last,
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
