-- GET /scripts: every script seen on chain, in the order first seen.
--   $1 int page size, $2 int offset
-- {{direction}} is ASC or DESC, substituted when the file is loaded.
-- Indexes: script_pkey.
SELECT encode(s.hash, 'hex') AS script_hash
FROM script s
ORDER BY s.id {{direction}}
LIMIT $1 OFFSET $2
