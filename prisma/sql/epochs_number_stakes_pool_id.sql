-- GET /epochs/{number}/stakes/{pool_id}, as RYO's epochs_number_stakes_pool_id.sql: one page of the stake
-- pool $4 had delegated in the distribution active in epoch $1, in the ledger's order of credentials.
--   $1 int epoch, $2 int page size, $3 int offset, $4 bytea pool hash
-- Indexes: epoch_stake_epoch_pool_hash_position_idx (in order), stake_address_pkey.
SELECT s.view AS stake_address, e.amount::text AS amount
FROM epoch_stake e
JOIN stake_address s ON s.id = e.stake_address_id
WHERE e.epoch = $1::int4 AND e.pool_hash = $4
ORDER BY e.position
LIMIT $2::int4 OFFSET $3::int4
