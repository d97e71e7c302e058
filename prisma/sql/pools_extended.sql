-- GET /pools/extended: the figures of one page of /pools, in its order, with /pools/{pool_id}'s
-- definitions (docs/semantics.md#pools-what-comes-from-the-ledger): the newest registration (its
-- transaction's CBOR, whose certificate the API decodes for pledge, margin, cost and metadata reference),
-- blocks from the chain, and live and active stake and live saturation from the ledger's snapshots, each
-- null when there is no such snapshot.
--   $1 text[] the page's pool hashes (hex), $2 text[] their pool ids, in the page's order
-- Indexes: those of the pool_ledger_snapshots fragment, pool_registration_pool_hash_idx, tx_cbor_pkey,
-- block_slot_leader_epoch_id_idx.
WITH tip AS (
  SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1
),
{{include pool_ledger_snapshots}},
page AS (
  SELECT decode(p.hash, 'hex') AS pool_hash, p.pool_id, p.n
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p (hash, pool_id, n)
)
SELECT
  encode(p.pool_hash, 'hex') AS pool_hash,
  r.cbor,
  r.cert_index,
  (SELECT count(*)::int FROM block b WHERE b.slot_leader = p.pool_id) AS blocks_minted,
  (
    SELECT coalesce((SELECT s.stake FROM pool_stake_snapshot s WHERE s.epoch = a.epoch AND s.pool_hash = p.pool_hash), 0)::text
    FROM active a
  ) AS active_stake,
  live_pool.stake::text AS live_stake,
  (SELECT (live_pool.stake / s.stake)::float8 FROM saturation s) AS live_saturation
FROM page p
CROSS JOIN LATERAL (
  SELECT encode(c.bytes, 'hex') AS cbor, x.cert_index
  FROM pool_registration x
  JOIN tx_cbor c ON c.tx_id = x.tx_id
  WHERE x.pool_hash = p.pool_hash
  ORDER BY x.id DESC
  LIMIT 1
) r
LEFT JOIN LATERAL (
  SELECT coalesce((SELECT s.stake FROM pool_stake_snapshot s WHERE s.epoch = l.epoch AND s.pool_hash = p.pool_hash), 0) AS stake
  FROM live l
) live_pool ON true
ORDER BY p.n
