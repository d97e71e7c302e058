-- GET /accounts/{stake_address}/history, as RYO's accounts_stake_address_history.sql reads db-sync's
-- epoch_stake: the account's stake and pool in each stake distribution it was in, by epoch. Only epochs whose
-- snapshot the indexer took are there (docs/semantics.md#stake-snapshots).
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, epoch_stake_stake_address_id_epoch_key (in order).
WITH {{include account_probe}},
page AS (
  SELECT e.epoch, e.pool_hash, e.amount
  FROM epoch_stake e
  WHERE e.stake_address_id = (SELECT id FROM account)
  ORDER BY e.epoch {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  account.id::text AS account_id,
  page.epoch AS active_epoch,
  page.amount::text AS amount,
  encode(page.pool_hash, 'hex') AS pool_hash
FROM account
LEFT JOIN page ON true
ORDER BY page.epoch {{direction}}
