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
    {{include address_selection_probe}},
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM block ORDER BY id DESC LIMIT 1) AS tip_id,
    (SELECT id FROM block WHERE hash = decode($3::text, 'hex')) AS since_id
),
{{include address_utxo_list_state}},
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
{{include address_utxo_later_changes}},
-- An output created and spent after the list's tip is among the spent ones, which the list does not hold.
created AS (
  SELECT c.id
  FROM later_created c
  WHERE CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END
),
{{include address_utxo_later_spent}}
SELECT
  s.address_seen,
  s.tip,
  s.continues,
  s.carried,
  CASE WHEN NOT s.carried AND $4::boolean THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids)
  END AS ids,
  {{include address_utxo_list_changes}}
FROM state s
