-- GET /governance/committee/{cc_id}/votes, as RYO's committee_cc_id_votes.sql: a committee member's votes in
-- chain order, by its hot credential, or by its cold credential through every hot key it authorised.
--   $1 text 'hot' | 'cold', $2 bytea credential hash, $3 bool script credential, $4 int LIMIT, $5 int OFFSET
-- Indexes: committee_registration_cold_hash_tx_id_idx, voting_procedure_voter_role_voter_hash_id_idx and the
-- committee votes' own.
WITH hot AS (
  SELECT $2::bytea AS hash, $3::boolean AS has_script WHERE $1::text = 'hot'
  UNION
  SELECT r.hot_hash, r.hot_kind = 'script' FROM committee_registration r
  WHERE $1::text = 'cold' AND r.cold_hash = $2::bytea AND (r.cold_kind = 'script') = $3::boolean
)
{{include governance_committee_vote}}
JOIN hot h ON h.hash = v.voter_hash AND h.has_script = v.voter_has_script
WHERE v.voter_role = 'constitutional_committee'
ORDER BY v.id {{direction}}
LIMIT $4 OFFSET $5
