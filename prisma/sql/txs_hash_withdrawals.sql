-- GET /txs/{hash}/withdrawals, as RYO's txs_hash_withdrawals.sql: the transaction's withdrawals in the
-- order they were stored (the ledger's order of reward accounts).
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, withdrawal_tx_id_idx, stake_address_pkey.
SELECT a.view AS address, w.amount::text AS amount
FROM tx t
LEFT JOIN withdrawal w ON w.tx_id = t.id
LEFT JOIN stake_address a ON a.id = w.stake_address_id
WHERE t.hash = $1
ORDER BY w.id
