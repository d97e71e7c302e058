-- GET /txs/{hash}/redeemers, as RYO's txs_hash_redeemers.sql over db-sync's redeemer: the witness redeemers
-- of a valid transaction by index.
--   $1 bytea transaction hash
-- One row with null columns when the transaction has none; no row when it is unknown.
-- Indexes: tx_hash_key, redeemer_tx_id_idx, protocol_parameters_pkey, block_pkey.
SELECT
  r.index AS tx_index,
  r.purpose,
  encode(r.script_hash, 'hex') AS script_hash,
  encode(r.redeemer_data_hash, 'hex') AS redeemer_data_hash,
  r.unit_mem::text AS unit_mem,
  r.unit_steps::text AS unit_steps,
  {{include redeemer_fee}}
FROM tx t
LEFT JOIN redeemer r ON r.tx_id = t.id
WHERE t.hash = $1
ORDER BY r.index, r.id
