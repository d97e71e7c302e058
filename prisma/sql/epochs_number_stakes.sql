-- GET /epochs/{number}/stakes, as RYO's epochs_number_stakes.sql reads db-sync's epoch_stake: one page of the
-- stake distribution active in epoch $1, in the ledger's order of credentials (docs/semantics.md#stake-snapshots).
-- Positions are 1 … n without gaps, so a page is a range of them, however deep.
--   $1 int epoch, $2 int page size, $3 int offset
-- Indexes: epoch_stake_pkey (in order), stake_address_pkey.
SELECT s.view AS stake_address, encode(e.pool_hash, 'hex') AS pool_hash, e.amount::text AS amount
FROM epoch_stake e
JOIN stake_address s ON s.id = e.stake_address_id
WHERE e.epoch = $1::int4 AND e.position > $3::int4 AND e.position <= $3::int4 + $2::int4
ORDER BY e.position
