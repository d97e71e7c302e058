-- GET /addresses/{address}/utxos/{asset}: one round trip returning the two existence probes and one
-- page of unspent outputs. The probe row is always present; the output columns are null when the page
-- is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 bytea  asset policy id, or null for `lovelace` (outputs without native assets)
--   $4 bytea  asset name (empty for the empty name)
--   $5 int    page size, $6 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded, so that each index below
-- delivers rows in chain order and LIMIT stops early.
-- Indexes: address_address_key, address_payment_cred_idx, asset_policy_name_key, block_pkey (backwards),
-- unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx, unspent_tx_out_address_id_tx_out_id_idx /
-- unspent_tx_out_payment_cred_tx_out_id_idx (with has_assets), ma_tx_out_pkey
-- (tx_out_id, asset_id) for a payment credential's asset test, address_utxo_address_id_tx_out_id_key
-- (index-only) / address_utxo_pkey and address_pkey.
WITH probe AS (
  SELECT
    {{include address_selection_probe}},
    (SELECT id FROM asset WHERE policy = $3::bytea AND name = $4::bytea) AS asset_id,
    -- The newest block in this statement's snapshot: the chain state the page reflects, so the API can
    -- cache the page until the tip changes (apps/api/src/addresses/tip-cache.ts).
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
),
-- The ids of the page's outputs, in chain order, from indexes alone (index-only scans): a deep page
-- skips index entries, not rows. Exactly one branch runs: the others' parameter tests are constant
-- false, so each branch takes the page itself and its offset is skipped right above its index scan
-- rather than passed row by row through a merge of the branches, which cost more CPU on a random deep page
-- of a busy address. The probe's ids are scalar subqueries (not a join), so the planner
-- knows each index delivers the ids in order and LIMIT stops early.
page AS (
  -- An address and an asset: one range of unspent_ma_tx_out.
  (
    SELECT u.tx_out_id AS id
    FROM unspent_ma_tx_out u
    WHERE $2::bytea IS NULL AND $3::bytea IS NOT NULL
      AND u.address_id = (SELECT address_id FROM probe) AND u.asset_id = (SELECT asset_id FROM probe)
    ORDER BY u.tx_out_id {{direction}}
    LIMIT $5::int4 OFFSET $6::int4
  )
  UNION ALL
  -- An address and `lovelace`: the unspent outputs without assets (has_assets is in the index).
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND $3::bytea IS NULL
      AND o.address_id = (SELECT address_id FROM probe) AND NOT o.has_assets
    ORDER BY o.tx_out_id {{direction}}
    LIMIT $5::int4 OFFSET $6::int4
  )
  UNION ALL
  -- A payment credential: unspent_ma_tx_out has no credential column (it would double its size for
  -- addr_vkh/script queries alone), so the asset test is a per-row probe of ma_tx_out_pkey (a LATERAL
  -- with LIMIT, which the planner cannot turn into a hash of every output holding the asset).
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    LEFT JOIN LATERAL (
      SELECT true AS held FROM ma_tx_out m WHERE m.tx_out_id = o.tx_out_id AND m.asset_id = (SELECT asset_id FROM probe) LIMIT 1
    ) m ON true
    WHERE o.payment_cred = $2::bytea
      AND CASE WHEN $3::bytea IS NULL THEN NOT o.has_assets ELSE m.held IS NOT NULL END
    ORDER BY o.tx_out_id {{direction}}
    LIMIT $5::int4 OFFSET $6::int4
  )
)
SELECT
  p.address_seen,
  p.tip,
  ($3::bytea IS NULL OR p.asset_id IS NOT NULL) AS asset_seen,
  {{include address_utxo_page_columns}}
FROM probe p
LEFT JOIN page ON true
{{include address_utxo_page_answers}}
ORDER BY c.tx_out_id {{direction}}
