-- GET /accounts/{stake_address}/utxos, as RYO's accounts_stake_address_utxos.sql: the unspent outputs that
-- carry the account's stake credential, in chain order, each as /addresses/{address}/utxos answers it.
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with null output columns when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, unspent_tx_out_stake_address_id_tx_out_id_idx (index-only: the account's
-- live outputs alone, however many it spent), then per output of the page address_utxo_pkey and address_pkey.
WITH {{include account_probe}},
page AS (
  SELECT u.tx_out_id AS id, u.address_id
  FROM unspent_tx_out u
  WHERE u.stake_address_id = (SELECT id FROM account)
  ORDER BY u.tx_out_id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT
  account.id::text AS account_id,
  (SELECT a.address FROM address a WHERE a.id = page.address_id) AS address,
  {{include address_utxo_columns}}
FROM account
LEFT JOIN page ON true
-- A lookup per output of the page (LIMIT 1 keeps it one: see address_utxo_page_answers).
LEFT JOIN LATERAL (
  SELECT * FROM address_utxo_answer c WHERE c.tx_out_id = page.id LIMIT 1
) c ON true
ORDER BY page.id {{direction}}
