-- The answer of an account list of amounts (withdrawals, MIRs) from its `page` (id, tx_id, amount), in the
-- page's order.
SELECT
  account.id::text AS account_id,
  {{include account_history_columns}},
  page.amount::text AS amount
{{include account_history_page}}
ORDER BY page.tx_id {{direction}}, page.id {{direction}}
