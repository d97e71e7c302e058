-- GET /accounts/{stake_address}/rewards, as RYO's accounts_stake_address_rewards.sql reads db-sync's reward: the
-- rewards paid to the account, by the epoch that earned them (db-sync's earned_epoch), then by type. Only the
-- boundaries whose rewards the indexer read are there (docs/semantics.md#rewards).
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, reward_stake_address_id_earned_epoch_idx.
WITH {{include account_probe}},
page AS (
  SELECT r.earned_epoch, r.amount, r.pool_hash, r.type
  FROM reward r
  WHERE r.stake_address_id = (SELECT id FROM account)
  ORDER BY r.earned_epoch {{direction}}, r.type, r.pool_hash
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  account.id::text AS account_id,
  page.earned_epoch AS epoch,
  page.amount::text AS amount,
  encode(page.pool_hash, 'hex') AS pool_hash,
  page.type
FROM account
LEFT JOIN page ON true
ORDER BY page.earned_epoch {{direction}}, page.type, page.pool_hash
