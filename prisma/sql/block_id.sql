-- The block a /blocks/{hash_or_number}/… or /blocks/latest/… path names: its id and hash, or no row.
--   $1 int height or null, $2 bytea hash or null, $3 bool: the newest block instead
-- Indexes: block_height_idx, block_hash_key; block_pkey (backwards) for the newest.
SELECT b.id::text AS id, encode(b.hash, 'hex') AS hash FROM block b WHERE b.height = $1 OR b.hash = $2
UNION ALL
(SELECT b.id::text, encode(b.hash, 'hex') FROM block b WHERE $3 ORDER BY b.id DESC LIMIT 1)
