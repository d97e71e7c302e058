-- GET /accounts/{stake_address}/addresses, as RYO's accounts_stake_address_addresses.sql: for each payment
-- credential the account's stake credential was paired with, the address of its first output, in the
-- order of those outputs. The indexer keeps each pairing with its first output (account_address).
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with a null address when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, account_address_stake_address_id_first_tx_out_id_idx (index-only, in order),
-- address_pkey for the page.
WITH {{include account_probe}},
page AS (
  SELECT p.first_tx_out_id, p.address_id
  FROM account_address p
  WHERE p.stake_address_id = (SELECT id FROM account)
  ORDER BY p.first_tx_out_id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT account.id::text AS account_id, a.address
FROM account
LEFT JOIN page ON true
LEFT JOIN address a ON a.id = page.address_id
ORDER BY page.first_tx_out_id {{direction}}
