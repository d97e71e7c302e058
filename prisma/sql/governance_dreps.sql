-- GET /governance/dreps: one page of every DRep named on chain (by a certificate or a vote delegation), in the
-- order each was first named, or by voting power (order_by=amount; ties in first-named order), optionally only the retired or not, the
-- expired or not.
--   $1 bool  order by amount (voting power) instead of first appearance
--   $2 bool  retired filter, null for both; $3 bool expired filter, null for both
--   $4 int   page size, $5 int offset
-- Each DRep's retired, expired and last_active_epoch are those of /governance/dreps/{drep_id}; amount is its
-- voting power in the latest epoch snapshot (0 without one); metadata its latest anchor (a registration's or an
-- update's) with the document the indexer's anchor job fetched. Every DRep named is read from the running totals the
-- indexer keeps (drep_named: one row per DRep, with the certificate that first named it) and sorted with its amount
-- (hundreds to a few thousand on mainnet); its registration and activity, which the
-- filters need, are read for the page's DReps alone when no filter is given, and for every DRep when one is.
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: drep_registration_drep_hash_tx_id_idx, voting_procedure_voter_role_voter_hash_id_idx (a DRep's latest
-- vote is activity too), drep_named (every row), drep_snapshot_pkey,
-- protocol_parameters_pkey, governance_anchor_pkey.
WITH named AS (
  SELECT t.drep_kind, nullif(t.drep_hash, ''::bytea) AS drep_hash, ARRAY[t.first_tx_id, t.first_cert_index::int8] AS first_named
  FROM drep_named t
),
{{include drep_latest_parameters}}
-- The sort keys as columns, in the page's order.
ranked AS (
  SELECT
    n.drep_kind,
    n.drep_hash,
    n.first_named,
    coalesce(s.stake, 0) AS amount,
    CASE WHEN $1::bool THEN coalesce(s.stake, 0) END AS by_amount,
    CASE WHEN NOT $1::bool THEN n.first_named END AS by_first_named
  FROM named n
  LEFT JOIN drep_snapshot s
    ON s.epoch = (SELECT max(epoch) FROM drep_snapshot)
    -- (the predefined DReps have no hash: compared as empty bytes, so the join can hash both sides)
    AND s.drep_kind = n.drep_kind AND coalesce(s.drep_hash, '') = coalesce(n.drep_hash, '')
  ORDER BY by_amount {{direction}}, by_first_named {{direction}}, n.first_named ASC
),
-- Without a filter the page is the ranked rows at its offset, and only those are read further; with one, every
-- DRep may be needed to fill it (a null LIMIT is none).
candidates AS MATERIALIZED (
  SELECT * FROM ranked
  ORDER BY by_amount {{direction}}, by_first_named {{direction}}, first_named ASC
  LIMIT CASE WHEN $2::bool IS NULL AND $3::bool IS NULL THEN $4::int4 + $5::int4 END
),
page AS (
  SELECT
    n.drep_kind,
    n.drep_hash,
    n.first_named,
    n.amount,
    n.by_amount,
    n.by_first_named,
    st.registered,
    st.last_active_epoch,
    {{include drep_expired}} AS expired
  FROM candidates n
  LEFT JOIN LATERAL (
    SELECT vb.epoch
    FROM voting_procedure v
    JOIN tx vt ON vt.id = v.tx_id
    JOIN block vb ON vb.id = vt.block_id
    WHERE v.voter_role = 'drep' AND v.voter_hash = n.drep_hash AND v.voter_has_script = (n.drep_kind = 'script')
    ORDER BY v.id DESC
    LIMIT 1
  ) last_vote ON true
  CROSS JOIN LATERAL (
    SELECT
      coalesce(max(r.tx_id) FILTER (WHERE r.deposit > 0), 1)
        > coalesce(max(r.tx_id) FILTER (WHERE r.deposit < 0), -1) AS registered,
      greatest(max(b.epoch), last_vote.epoch) AS last_active_epoch
    FROM drep_registration r
    JOIN tx ON tx.id = r.tx_id
    JOIN block b ON b.id = tx.block_id
    WHERE r.drep_hash = n.drep_hash AND r.drep_kind = n.drep_kind
  ) st
  WHERE ($2::bool IS NULL OR NOT st.registered = $2::bool)
    AND ($3::bool IS NULL OR {{include drep_expired}} = $3::bool)
  ORDER BY n.by_amount {{direction}}, n.by_first_named {{direction}}, n.first_named ASC
  LIMIT $4::int4 OFFSET $5::int4
)
SELECT
  p.drep_kind,
  encode(p.drep_hash, 'hex') AS drep_hash,
  p.amount::text AS amount,
  NOT p.registered AS retired,
  p.expired,
  p.last_active_epoch,
  anchor.anchor_url,
  encode(anchor.anchor_hash, 'hex') AS anchor_hash,
  {{include governance_anchor_document}}
FROM page p
LEFT JOIN LATERAL (
  SELECT r.anchor_url, r.anchor_hash FROM drep_registration r
  WHERE r.drep_hash = p.drep_hash AND r.drep_kind = p.drep_kind AND r.anchor_url IS NOT NULL
  ORDER BY r.tx_id DESC, r.cert_index DESC
  LIMIT 1
) anchor ON true
LEFT JOIN governance_anchor document ON document.url = anchor.anchor_url AND document.hash = anchor.anchor_hash
ORDER BY p.by_amount {{direction}}, p.by_first_named {{direction}}, p.first_named ASC
