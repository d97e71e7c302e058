-- GET /accounts/{stake_address}/registrations, as RYO's accounts_stake_address_registrations.sql: the
-- account's registrations and deregistrations in chain order. A registration shows the key deposit in
-- force in its block's epoch (the ledger requires a Conway certificate's explicit deposit to equal it):
-- the newest protocol_parameters row at or before that epoch, else the oldest one, which holds only the
-- epochs the indexer saw at the node's tip (docs/semantics.md#account-history).
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, stake_registration_stake_address_id_tx_id_idx, tx_pkey, block_pkey,
-- protocol_parameters_pkey.
WITH {{include account_probe}},
page AS (
  SELECT r.id, r.tx_id, r.deregistration
  FROM stake_registration r
  WHERE r.stake_address_id = (SELECT id FROM account)
  ORDER BY r.tx_id {{direction}}, r.id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  account.id::text AS account_id,
  CASE WHEN page.deregistration THEN 'deregistered' ELSE 'registered' END AS action,
  CASE WHEN NOT page.deregistration THEN coalesce(
    (SELECT p.params -> 'stakeCredentialDeposit' -> 'ada' ->> 'lovelace' FROM protocol_parameters p
     WHERE p.epoch <= b.epoch ORDER BY p.epoch DESC LIMIT 1),
    (SELECT p.params -> 'stakeCredentialDeposit' -> 'ada' ->> 'lovelace' FROM protocol_parameters p
     ORDER BY p.epoch LIMIT 1)
  ) END AS deposit,
  {{include account_history_columns}}
{{include account_history_page}}
ORDER BY page.tx_id {{direction}}, page.id {{direction}}
