-- GET /scripts/datum/{datum_hash} and /cbor: the CBOR of the witness or inline datum with hash $1. The
-- API renders json_value from it, as db-sync renders datum.value.
--   $1 bytea datum hash
-- Index: datum_hash_key.
SELECT encode(bytes, 'hex') AS bytes
FROM datum
WHERE hash = $1
