-- GET /accounts/{stake_address}/addresses, as RYO's accounts_stake_address_addresses.sql: for each payment
-- credential the account's stake credential was paired with, the address of its first output, in the
-- order of those outputs.
--   $1 text bech32 stake address, $2 int page size, $3 int offset
-- One row with a null address when the page is empty; `account_id` null when the account is unknown.
-- Indexes: stake_address_view_key, tx_out_stake_address_id_id_idx (index-only), tx_out_pkey and address_pkey
-- for the page.
WITH {{include account_probe}},
-- The first output of each payment credential, grouped by hashing (an account's credentials are few next to
-- its outputs, so nothing is sorted but the groups).
first_outputs AS (
  SELECT min(o.id) AS id
  FROM tx_out o
  WHERE o.stake_address_id = (SELECT id FROM account)
  GROUP BY o.payment_cred
),
page AS (
  SELECT id FROM first_outputs
  ORDER BY id {{direction}}
  LIMIT $2::int4 OFFSET $3::int4
)
SELECT account.id::text AS account_id, a.address
FROM account
LEFT JOIN page ON true
LEFT JOIN tx_out o ON o.id = page.id
LEFT JOIN address a ON a.id = o.address_id
ORDER BY page.id {{direction}}
