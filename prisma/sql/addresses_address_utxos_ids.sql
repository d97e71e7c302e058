-- GET /addresses/{address}/utxos, deep pages: the existence probe and the ids of every unspent output of
-- the address (or payment credential), ascending, as one bytea of 8-byte big-endian ids (int8send), with the
-- newest block of this statement's snapshot. The API keeps the list while that block stays the newest and
-- takes any page from it without skipping index entries (apps/api/src/addresses/utxo-id-lists.ts).
-- Given the tip of a kept list that is still in the chain and at most 100 blocks behind, it returns instead
-- only what the blocks after it changed: the ids of the selection's outputs they created that are unspent
-- (`created`) and of those they spent (`spent`), so a list is carried forward at each block by a few index
-- probes instead of read again whole (a busy address's whole list is a long read for PostgreSQL).
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 text   the tip (block hash, hex) of the list this one follows, or null
--   $4 bool   read the whole list when the changes cannot be given; false leaves `ids` null (the API
--             then only asks whether the changes leave a cached page as it was)
-- The selection is the page query's (addresses_address_utxos.sql) without its LIMIT and OFFSET.
-- Indexes: address_address_key, block_hash_key, unspent_tx_out_address_id_tx_out_id_idx / unspent_tx_out_payment_cred_tx_out_id_idx
-- (index-only); for the changes tx_block_id_idx, tx_out_tx_id_index_key, unspent_tx_out_pkey, tx_out_spend_tx_id_idx, tx_out_pkey.
WITH probe AS (
  SELECT
    (SELECT id FROM address WHERE address = $1) AS address_id,
    CASE
      WHEN $2::bytea IS NULL THEN EXISTS (SELECT 1 FROM address WHERE address = $1)
      ELSE EXISTS (SELECT 1 FROM address WHERE payment_cred = $2::bytea)
    END AS address_seen,
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM block ORDER BY id DESC LIMIT 1) AS tip_id,
    (SELECT id FROM block WHERE hash = decode($3::text, 'hex')) AS since_id
),
state AS (
  SELECT
    p.*,
    -- No rollback removed the earlier list's tip: outputs it listed are the same ones (pages read for them stay
    -- good where this list has the same ids), which a new branch reusing their ids would not be.
    p.since_id IS NOT NULL AS continues,
    p.since_id IS NOT NULL AND p.tip_id - p.since_id <= 100 AS carried
  FROM probe p
),
ids AS (
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND o.address_id = (SELECT address_id FROM probe)
    ORDER BY o.tx_out_id
  )
  UNION ALL
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE o.payment_cred = $2::bytea
    ORDER BY o.tx_out_id
  )
),
-- The transactions after the list's tip, as an array probed into tx_out's indexes: joined to tx_out instead, a
-- few blocks' worth was planned as a merge join that read those indexes from their start.
later_tx AS (
  SELECT ARRAY(SELECT t.id FROM tx t WHERE t.block_id > (SELECT since_id FROM state WHERE carried)) AS ids
),
-- The outputs those transactions created (and left unspent) and spent, found through the transactions alone:
-- MATERIALIZED keeps the selection's condition out of these scans, which a plan had turned into a BitmapAnd with
-- all of a busy address's entries of its unspent-output index, slow under load.
later_created AS MATERIALIZED (
  SELECT o.id, o.address_id, o.payment_cred, o.has_assets
  FROM tx_out o
  WHERE o.tx_id = ANY ((SELECT ids FROM later_tx)::int8[])
    AND EXISTS (SELECT 1 FROM unspent_tx_out u WHERE u.tx_out_id = o.id)
),
later_spent AS MATERIALIZED (
  SELECT o.id, o.address_id, o.payment_cred
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
  WHERE sp.tx_id = ANY ((SELECT ids FROM later_tx)::int8[])
),
-- An output created and spent after the list's tip is among the spent ones, which the list does not hold.
created AS (
  SELECT c.id
  FROM later_created c
  WHERE CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END
),
spent AS (
  SELECT c.id
  FROM later_spent c
  WHERE CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END
)
SELECT
  s.address_seen,
  s.tip,
  s.continues,
  s.carried,
  CASE WHEN NOT s.carried AND $4::boolean THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids)
  END AS ids,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM created)
  END AS created,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM spent)
  END AS spent
FROM state s
