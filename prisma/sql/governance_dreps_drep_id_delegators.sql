-- GET /governance/dreps/{drep_id}/delegators: one page of the stake addresses whose vote is delegated to the
-- DRep, in the order of their delegations, with what each controls (live outputs plus withdrawable rewards, as
-- /accounts/{stake_address}'s controlled_amount).
--   $1 text  drep_kind: key | script | abstain | no_confidence
--   $2 bytea drep_hash; null for the two predefined DReps
--   $3 int   page size, $4 int offset
-- As RYO: none unless the DRep is registered (latest registration after the latest retirement, by transaction
-- and certificate; the predefined DReps always are); a delegation counts when it is the account's latest, was
-- made at or after the DRep's latest registration, the account was ever registered and no deregistration
-- followed it.
-- {{direction}} is ASC or DESC, and {{drep_vote_delegation}} the match of a registered or a predefined DRep's
-- delegations (by hash, or by kind with no hash), substituted when the file is loaded: one condition an index
-- serves in a generic plan, which `drep_hash = $2 OR ($2 IS NULL AND …)` is not.
-- Indexes: drep_registration_drep_hash_tx_id_idx, delegation_vote_drep_hash_id_idx,
-- delegation_vote_stake_address_id_id_idx, stake_registration_stake_address_id_tx_id_idx, stake_address_pkey,
-- stake_balance_pkey, reward_balance_pkey.
WITH registration AS (
  SELECT r.tx_id, r.cert_index FROM drep_registration r
  WHERE r.drep_hash = $2::bytea AND r.drep_kind = $1::text AND r.deposit > 0
  ORDER BY r.tx_id DESC, r.cert_index DESC
  LIMIT 1
),
retirement AS (
  SELECT r.tx_id, r.cert_index FROM drep_registration r
  WHERE r.drep_hash = $2::bytea AND r.drep_kind = $1::text AND r.deposit < 0
  ORDER BY r.tx_id DESC, r.cert_index DESC
  LIMIT 1
),
drep AS (
  SELECT
    coalesce((SELECT row(tx_id, cert_index) FROM registration), row(1::int8, 1::int4))
      > coalesce((SELECT row(tx_id, cert_index) FROM retirement), row(-1::int8, -1::int4)) AS registered,
    coalesce((SELECT tx_id FROM registration), -1) AS registration_tx_id
),
page AS (
  SELECT v.id, v.stake_address_id
  FROM delegation_vote v
  WHERE {{drep_vote_delegation}}
    AND (SELECT registered FROM drep)
    AND v.tx_id >= (SELECT registration_tx_id FROM drep)
    AND EXISTS (
      SELECT 1 FROM stake_registration sr
      WHERE sr.stake_address_id = v.stake_address_id AND NOT sr.deregistration
    )
    AND NOT EXISTS (
      SELECT 1 FROM delegation_vote later WHERE later.stake_address_id = v.stake_address_id AND later.id > v.id
    )
    AND NOT EXISTS (
      SELECT 1 FROM stake_registration sr
      WHERE sr.stake_address_id = v.stake_address_id AND sr.deregistration AND sr.tx_id > v.tx_id
    )
  ORDER BY v.id {{direction}}
  LIMIT $3::int4 OFFSET $4::int4
)
SELECT
  sa.view AS address,
  (coalesce(balance.utxo_value, 0) + coalesce(reward.amount, 0))::text AS amount
FROM page p
JOIN stake_address sa ON sa.id = p.stake_address_id
LEFT JOIN stake_balance balance ON balance.stake_address_id = p.stake_address_id
LEFT JOIN reward_balance reward ON reward.stake_address_id = p.stake_address_id
ORDER BY p.id {{direction}}
