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
    {{include address_selection_probe}},
    (SELECT id FROM asset WHERE policy = $3::bytea AND name = $4::bytea) AS asset_id,
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM block ORDER BY id DESC LIMIT 1) AS tip_id,
    (SELECT id FROM block WHERE hash = decode($5::text, 'hex')) AS since_id
),
{{include address_utxo_list_state}},
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
{{include address_utxo_later_changes}},
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
{{include address_utxo_later_spent}}
SELECT
  s.address_seen,
  ($3::bytea IS NULL OR s.asset_id IS NOT NULL) AS asset_seen,
  s.tip,
  s.continues,
  s.carried,
  CASE WHEN NOT s.carried AND $6::boolean THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids)
  END AS ids,
  {{include address_utxo_list_changes}}
FROM state s
