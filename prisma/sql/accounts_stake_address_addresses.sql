-- GET /accounts/{stake_address}/addresses, as RYO's accounts_stake_address_addresses.sql: for each payment
-- credential the account's stake credential was paired with, the address of its first output, in the
-- order of those outputs.
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with a null address when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, tx_out_stake_address_id_id_idx (index-only), address_pkey.
WITH {{include account_probe}},
first_outputs AS (
  SELECT DISTINCT ON (o.payment_cred) o.id, o.address_id
  FROM tx_out o
  WHERE o.stake_address_id = (SELECT id FROM account)
  ORDER BY o.payment_cred, o.id
),
page AS (
  SELECT id, address_id FROM first_outputs
  ORDER BY id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT account.id::text AS account_id, a.address
FROM account
LEFT JOIN page ON true
LEFT JOIN address a ON a.id = page.address_id
ORDER BY page.id {{direction}}
