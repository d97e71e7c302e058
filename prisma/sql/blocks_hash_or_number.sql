-- GET /blocks/{hash_or_number}: by height or by hash, whichever is given.
--   $1 int height or null, $2 bytea hash or null
-- Epoch-boundary blocks have no height, so only their hash finds them.
-- Indexes: block_height_idx, block_hash_key.
{{include block_content}}
WHERE b.height = $1 OR b.hash = $2
