-- The ids of the unspent outputs of the selection ($1 an address or $2 a payment credential) holding the
-- asset ($policy and $asset_name, whose id the including query's `probe` holds), or for `lovelace` ($policy
-- null) holding no native asset, in chain order, from indexes alone (index-only scans). {{page}} cuts each
-- branch to the page of a page query (its LIMIT and OFFSET) and is empty in an id list query, which takes the
-- whole selection: a deep page skips index entries, not rows. Exactly one branch runs: the others' parameter
-- tests are constant false, so each branch takes the page itself and its offset is skipped right above its
-- index scan rather than passed row by row through a merge of the branches, which cost more CPU on a random
-- deep page of a busy address. The probe's ids are scalar subqueries (not a join), so the planner knows each
-- index delivers the ids in order and LIMIT stops early.
  -- An address and an asset: one range of unspent_ma_tx_out.
  (
    SELECT u.tx_out_id AS id
    FROM unspent_ma_tx_out u
    WHERE $2::bytea IS NULL AND $policy::bytea IS NOT NULL
      AND u.address_id = (SELECT address_id FROM probe) AND u.asset_id = (SELECT asset_id FROM probe)
    ORDER BY u.tx_out_id {{direction}}
    {{page}}
  )
  UNION ALL
  -- An address and `lovelace`: the unspent outputs without assets (has_assets is in the index).
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND $policy::bytea IS NULL
      AND o.address_id = (SELECT address_id FROM probe) AND NOT o.has_assets
    ORDER BY o.tx_out_id {{direction}}
    {{page}}
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
      AND CASE WHEN $policy::bytea IS NULL THEN NOT o.has_assets ELSE m.held IS NOT NULL END
    ORDER BY o.tx_out_id {{direction}}
    {{page}}
  )
