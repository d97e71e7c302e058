-- GET /accounts/{stake_address}/delegations, as RYO's accounts_stake_address_delegations.sql: the account's
-- pool delegations in chain order, each active two epochs after its block's (db-sync active_epoch_no), with
-- its transaction's output sum (`amount`).
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, delegation_stake_address_id_id_idx, tx_pkey, block_pkey.
WITH {{include account_probe}},
page AS (
  SELECT d.id, d.tx_id, d.pool_hash
  FROM delegation d
  WHERE d.stake_address_id = (SELECT id FROM account)
  ORDER BY d.id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  account.id::text AS account_id,
  b.epoch + 2 AS active_epoch,
  {{include account_history_columns}},
  t.out_sum::text AS amount,
  encode(page.pool_hash, 'hex') AS pool_hash
{{include account_history_page}}
ORDER BY page.id {{direction}}
