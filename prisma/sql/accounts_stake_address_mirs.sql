-- GET /accounts/{stake_address}/mirs, as RYO's accounts_stake_address_mirs.sql over db-sync's reserve and
-- treasury tables: every MIR payment to the account, from either pot, in chain order.
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, mir_stake_address_id_tx_id_idx, tx_pkey, block_pkey.
WITH {{include account_probe}},
page AS (
  SELECT m.id, m.tx_id, m.amount
  FROM mir m
  WHERE m.stake_address_id = (SELECT id FROM account)
  ORDER BY m.tx_id {{direction}}, m.id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
{{include account_amount_rows}}
