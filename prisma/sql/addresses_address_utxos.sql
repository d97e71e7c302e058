-- GET /addresses/{address}/utxos: one round trip returning the existence probe and one page of the
-- address's unspent outputs, with or without native assets. The probe row is always present; the
-- output columns are null when the page is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 int    page size, $4 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded, so that each index below
-- delivers rows in chain order and LIMIT stops early.
-- Indexes: address_address_key, address_payment_cred_idx, block_pkey (backwards), tx_out_unspent_address_idx
-- / tx_out_unspent_payment_cred_idx (partial, unspent only), tx_out_pkey, ma_tx_out_pkey (tx_out_id, asset_id).
WITH probe AS (
  SELECT
    (SELECT id FROM address WHERE address = $1) AS address_id,
    CASE
      WHEN $2::bytea IS NULL THEN EXISTS (SELECT 1 FROM address WHERE address = $1)
      ELSE EXISTS (SELECT 1 FROM address WHERE payment_cred = $2::bytea)
    END AS address_seen,
    -- The newest block in this statement's snapshot: the chain state the page reflects, so the API can
    -- cache the page until the tip changes (apps/api/src/addresses/tip-cache.ts).
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip
),
-- The ids of the page's outputs, in chain order, from the partial index alone (an index-only scan): a
-- deep page skips index entries, not rows. Exactly one branch runs: the other one's parameter test is a
-- constant false, so each branch takes the page itself and its offset is skipped right above its index
-- scan rather than passed row by row through a merge of the branches. The address id is a scalar
-- subquery (not a join), so the planner knows the partial index delivers ids in order and LIMIT stops
-- early.
page AS (
  (
    SELECT o.id
    FROM tx_out o
    WHERE $2::bytea IS NULL AND o.address_id = (SELECT address_id FROM probe) AND o.spent_by_tx_id IS NULL
    ORDER BY o.id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
  UNION ALL
  (
    SELECT o.id
    FROM tx_out o
    WHERE o.payment_cred = $2::bytea AND o.spent_by_tx_id IS NULL
    ORDER BY o.id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
)
SELECT
  p.address_seen,
  p.tip,
  a.address,
  encode(t.hash, 'hex') AS tx_hash,
  u.index AS output_index,
  u.value::text AS lovelace,
  -- Every asset of the output in unit order (policy bytes, then name bytes: the ledger's map order).
  (
    SELECT json_agg(json_build_object('unit', encode(s.policy || s.name, 'hex'), 'quantity', m.quantity::text)
                    ORDER BY s.policy, s.name)
    FROM ma_tx_out m JOIN asset s ON s.id = m.asset_id
    WHERE m.tx_out_id = u.id
  ) AS assets,
  encode(b.hash, 'hex') AS block,
  encode(u.data_hash, 'hex') AS data_hash,
  encode(u.inline_datum, 'hex') AS inline_datum,
  encode(u.reference_script_hash, 'hex') AS reference_script_hash
FROM probe p
LEFT JOIN page ON true
-- Only the page's rows are read from the table (a deferred join).
LEFT JOIN tx_out u ON u.id = page.id
LEFT JOIN tx t ON t.id = u.tx_id
LEFT JOIN block b ON b.id = t.block_id
LEFT JOIN address a ON a.id = u.address_id
ORDER BY u.id {{direction}}
