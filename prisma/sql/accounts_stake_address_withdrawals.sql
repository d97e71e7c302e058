-- GET /accounts/{stake_address}/withdrawals, as RYO's accounts_stake_address_withdrawals.sql: the
-- account's reward withdrawals in chain order. A transaction withdraws from a reward account at most once
-- (the body's withdrawals are a map keyed by it), so the transaction orders them and the index delivers
-- that order.
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, withdrawal_stake_address_id_tx_id_idx, tx_pkey, block_pkey.
WITH {{include account_probe}},
page AS (
  SELECT w.id, w.tx_id, w.amount
  FROM withdrawal w
  WHERE w.stake_address_id = (SELECT id FROM account)
  ORDER BY w.tx_id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
{{include account_amount_rows}}
