-- GET /addresses/{address}/utxos/{asset}, deep pages: the two existence probes and the ids of every
-- unspent output of the address (or payment credential) holding the asset (or, for `lovelace`, holding no
-- native asset), ascending, as one bytea of 8-byte big-endian ids (int8send), with the newest block of this
-- statement's snapshot. The API keeps the list while that block stays the newest and takes any page from
-- it without skipping index entries (apps/api/src/addresses/utxo-id-lists.ts).
-- Given the tip of a kept list that is still in the chain and at most 100 blocks behind, it returns instead
-- only what the blocks after it changed, as addresses_address_utxos_ids.sql does: the selection's outputs
-- they created that are unspent (`created`), and the address's outputs they spent (`spent`; ids the list
-- does not hold are ignored).
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 bytea  asset policy id, or null for `lovelace`
--   $4 bytea  asset name (empty for the empty name)
--   $5 text   the tip (block hash, hex) of the list this one follows, or null
--   $6 bool   read the whole list when the changes cannot be given; false leaves `ids` null (the API
--             then only asks whether the changes leave a cached page as it was)
-- The selection is the page query's (addresses_address_utxos_asset.sql) without its LIMIT and OFFSET.
-- Indexes: address_address_key, block_hash_key, asset_policy_name_key, unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx,
-- unspent_tx_out_address_id_tx_out_id_idx / unspent_tx_out_payment_cred_tx_out_id_idx, ma_tx_out_pkey; for the changes
-- tx_block_id_idx, tx_out_tx_id_index_key, unspent_tx_out_pkey, tx_out_spend_tx_id_idx, tx_out_pkey.
WITH probe AS (
  SELECT
    (SELECT id FROM address WHERE address = $1) AS address_id,
    CASE
      WHEN $2::bytea IS NULL THEN EXISTS (SELECT 1 FROM address WHERE address = $1)
      ELSE EXISTS (SELECT 1 FROM address WHERE payment_cred = $2::bytea)
    END AS address_seen,
    (SELECT id FROM asset WHERE policy = $3::bytea AND name = $4::bytea) AS asset_id,
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM block ORDER BY id DESC LIMIT 1) AS tip_id,
    (SELECT id FROM block WHERE hash = decode($5::text, 'hex')) AS since_id
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
    SELECT u.tx_out_id AS id
    FROM unspent_ma_tx_out u
    WHERE $2::bytea IS NULL AND $3::bytea IS NOT NULL
      AND u.address_id = (SELECT address_id FROM probe) AND u.asset_id = (SELECT asset_id FROM probe)
    ORDER BY u.tx_out_id
  )
  UNION ALL
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND $3::bytea IS NULL
      AND o.address_id = (SELECT address_id FROM probe) AND NOT o.has_assets
    ORDER BY o.tx_out_id
  )
  UNION ALL
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    LEFT JOIN LATERAL (
      SELECT true AS held FROM ma_tx_out m WHERE m.tx_out_id = o.tx_out_id AND m.asset_id = (SELECT asset_id FROM probe) LIMIT 1
    ) m ON true
    WHERE o.payment_cred = $2::bytea
      AND CASE WHEN $3::bytea IS NULL THEN NOT o.has_assets ELSE m.held IS NOT NULL END
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
    AND CASE
      WHEN $3::bytea IS NULL THEN NOT c.has_assets
      ELSE EXISTS (SELECT 1 FROM ma_tx_out m WHERE m.tx_out_id = c.id AND m.asset_id = (SELECT asset_id FROM probe))
    END
),
spent AS (
  SELECT c.id
  FROM later_spent c
  WHERE CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END
)
SELECT
  s.address_seen,
  ($3::bytea IS NULL OR s.asset_id IS NOT NULL) AS asset_seen,
  s.tip,
  s.continues,
  s.carried,
  CASE WHEN NOT s.carried AND $6::boolean THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids)
  END AS ids,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM created)
  END AS created,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM spent)
  END AS spent
FROM state s
