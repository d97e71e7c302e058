-- GET /addresses/{address}/utxos: one round trip returning the existence probe and one page of the
-- address's unspent outputs, with or without native assets. The probe row is always present; the
-- output columns are null when the page is empty.
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $3 int    page size, $4 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded, so that each index below
-- delivers rows in chain order and LIMIT stops early.
-- Indexes: address_address_key, address_payment_cred_idx, block_pkey (backwards),
-- unspent_tx_out_address_id_tx_out_id_idx / unspent_tx_out_payment_cred_tx_out_id_idx, address_utxo_address_id_tx_out_id_key
-- (index-only) / address_utxo_pkey and address_pkey; tx_out_pkey and ma_tx_out_pkey only for an output whose
-- inline datum and assets address_utxo leaves out.
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
-- The ids of the page's outputs, in chain order, from unspent_tx_out's index alone (an index-only scan): a
-- deep page skips index entries, not rows. Exactly one branch runs: the other one's parameter test is a
-- constant false, so each branch takes the page itself and its offset is skipped right above its index
-- scan rather than passed row by row through a merge of the branches. The address id is a scalar
-- subquery (not a join), so the planner knows the index delivers ids in order and LIMIT stops
-- early.
page AS (
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND o.address_id = (SELECT address_id FROM probe)
    ORDER BY o.tx_out_id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
  UNION ALL
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE o.payment_cred = $2::bytea
    ORDER BY o.tx_out_id {{direction}}
    LIMIT $3::int4 OFFSET $4::int4
  )
)
SELECT
  p.address_seen,
  p.tip,
  -- the address asked for, or for a payment credential each output's (one lookup per output only then)
  coalesce($1, (SELECT a.address FROM address a WHERE a.id = c.address_id)) AS address,
  encode(c.tx_hash, 'hex') AS tx_hash,
  c.output_index,
  c.lovelace::text AS lovelace,
  c.assets,
  encode(c.block_hash, 'hex') AS block,
  encode(c.data_hash, 'hex') AS data_hash,
  encode(c.inline_datum, 'hex') AS inline_datum,
  encode(c.reference_script_hash, 'hex') AS reference_script_hash,
  -- the output's id: new blocks that change only outputs past a full page's last one leave the page as it was
  c.tx_out_id::text AS output_id
FROM probe p
LEFT JOIN page ON true
-- Each of the page's outputs with its answer from address_utxo, one index descent per output (no read of
-- tx_out, tx, block or ma_tx_out): an address's in the covering index, where its outputs lie side by side
-- in chain order, so a page is a few leaf pages; a payment credential's (outputs of many addresses) by
-- output id. Exactly one branch runs, as above. Each branch has a LIMIT, so it stays a lookup per output:
-- as a plain join, the planner, which takes any address for one with a few outputs, merge-joins the page
-- with all of the address's entries, ≈ 430 bytes each.
LEFT JOIN LATERAL (
  (
    SELECT * FROM address_utxo_answer c
    WHERE $2::bytea IS NULL AND c.address_id = p.address_id AND c.tx_out_id = page.id
    LIMIT 1
  )
  UNION ALL
  (
    SELECT * FROM address_utxo_answer c
    WHERE $2::bytea IS NOT NULL AND c.tx_out_id = page.id
    LIMIT 1
  )
) c ON true
ORDER BY c.tx_out_id {{direction}}
