-- GET /addresses/{address}/utxos, deep pages: the existence probe and the ids of every unspent output of
-- the address (or payment credential), ascending, as one bytea of 8-byte big-endian ids (int8send), with the
-- newest block of this statement's snapshot. The API keeps the list while that block stays the newest and
-- takes any page from it without skipping index entries (apps/api/src/addresses/utxo-id-lists.ts).
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 text   the tip (block hash, hex) of the list this one follows, or null
-- The selection is the page query's (addresses_address_utxos.sql) without its LIMIT and OFFSET.
-- Indexes: address_address_key, block_hash_key, tx_out_unspent_address_idx / tx_out_unspent_payment_cred_idx (index-only).
WITH probe AS (
  SELECT
    (SELECT id FROM address WHERE address = $1) AS address_id,
    CASE
      WHEN $2::bytea IS NULL THEN EXISTS (SELECT 1 FROM address WHERE address = $1)
      ELSE EXISTS (SELECT 1 FROM address WHERE payment_cred = $2::bytea)
    END AS address_seen,
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    -- No rollback removed the earlier list's tip: outputs it listed are the same ones (pages read for them stay
    -- good where this list has the same ids), which a new branch reusing their ids would not be.
    EXISTS (SELECT 1 FROM block WHERE hash = decode($3::text, 'hex')) AS continues
),
ids AS (
  (
    SELECT o.id
    FROM tx_out o
    WHERE $2::bytea IS NULL AND o.address_id = (SELECT address_id FROM probe) AND o.spent_by_tx_id IS NULL
    ORDER BY o.id
  )
  UNION ALL
  (
    SELECT o.id
    FROM tx_out o
    WHERE o.payment_cred = $2::bytea AND o.spent_by_tx_id IS NULL
    ORDER BY o.id
  )
)
SELECT
  p.address_seen,
  p.tip,
  p.continues,
  (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids) AS ids
FROM probe p
