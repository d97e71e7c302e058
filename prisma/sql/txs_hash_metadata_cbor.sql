-- GET /txs/{hash}/metadata/cbor: every metadata label in ascending order. One row with null columns
-- when the transaction has no metadata; no row when it is unknown.
--   $1 bytea transaction hash
-- `cbor_metadata` is db-sync's bytea rendered as text (`\x…`), as RYO selects it.
-- Indexes: tx_hash_key, tx_metadata_cbor_tx_id_idx.
SELECT
  m.label::text AS label,
  '\x' || encode(m.bytes, 'hex') AS cbor_metadata,
  encode(m.bytes, 'hex') AS metadata
FROM tx t
LEFT JOIN tx_metadata_cbor m ON m.tx_id = t.id
WHERE t.hash = $1
ORDER BY m.label
