-- GET /txs/{hash}/required_signers, as RYO's txs_hash_wits.sql over db-sync's extra_key_witness: the
-- key hashes the body requires signatures of, in stored (ledger set) order.
--   $1 bytea transaction hash
-- One row with a null column when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, tx_required_signer_tx_id_idx.
SELECT encode(s.hash, 'hex') AS witness_hash
FROM tx t
LEFT JOIN tx_required_signer s ON s.tx_id = t.id
WHERE t.hash = $1
ORDER BY s.id
