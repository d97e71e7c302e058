-- GET /governance/committee: the constitutional committee of the latest epoch snapshot (no row without one: 404):
-- its quorum, and its members (a hot credential naming no member is left out) by cold credential hash, with
-- the hot credential each has authorised.
-- Indexes: committee_snapshot_pkey, committee_member_snapshot_pkey.
WITH latest AS (
  SELECT c.epoch, c.quorum_numerator, c.quorum_denominator
  FROM committee_snapshot c
  ORDER BY c.epoch DESC
  LIMIT 1
)
SELECT
  l.epoch,
  l.quorum_numerator::text AS quorum_numerator,
  l.quorum_denominator::text AS quorum_denominator,
  m.cold_kind,
  encode(m.cold_hash, 'hex') AS cold_hash,
  m.hot_status,
  m.hot_kind,
  encode(m.hot_hash, 'hex') AS hot_hash,
  m.mandate_epoch
FROM latest l
LEFT JOIN committee_member_snapshot m ON m.epoch = l.epoch AND m.status <> 'unrecognized'
ORDER BY m.cold_hash
