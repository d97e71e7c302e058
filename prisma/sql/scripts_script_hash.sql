-- GET /scripts/{script_hash}, /cbor and /json: the script with hash $1, a reference script of an output
-- or a witness or auxiliary-data script of a valid transaction (first one kept). The API derives the
-- three bodies from the language and bytes, as db-sync derives serialised_size, bytes and json.
--   $1 bytea script hash
-- Index: script_hash_key.
SELECT language, encode(bytes, 'hex') AS bytes
FROM script
WHERE hash = $1
