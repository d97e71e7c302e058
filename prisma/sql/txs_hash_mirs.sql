-- GET /txs/{hash}/mirs, as RYO's txs_hash_mirs.sql over db-sync's reserve and treasury tables: one row
-- per stake credential a MIR certificate pays, by certificate, then pot, then stored order.
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, mir_tx_id_idx, stake_address_pkey.
SELECT CASE m.pot WHEN 'reserves' THEN 'reserve' ELSE m.pot END AS pot, m.cert_index, a.view AS address,
       m.amount::text AS amount
FROM tx t
LEFT JOIN mir m ON m.tx_id = t.id
LEFT JOIN stake_address a ON a.id = m.stake_address_id
WHERE t.hash = $1
ORDER BY m.cert_index, pot, m.id
