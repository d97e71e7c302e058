-- GET /txs/{hash}/stakes, as RYO's txs_hash_stakes.sql: the transaction's stake registrations and
-- deregistrations (stake_registration holds both) in certificate order.
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, stake_registration_tx_id_idx, stake_address_pkey.
SELECT r.cert_index, a.view AS address, NOT r.deregistration AS registration
FROM tx t
LEFT JOIN stake_registration r ON r.tx_id = t.id
LEFT JOIN stake_address a ON a.id = r.stake_address_id
WHERE t.hash = $1
ORDER BY r.cert_index
