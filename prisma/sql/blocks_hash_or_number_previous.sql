-- GET /blocks/{hash_or_number}/previous: one page of the blocks before it, counted back from it and
-- listed oldest first (page 1 ends with the block just before).
--   $1 int8 the block's id, $2 int page size, $3 int offset
-- A page is an id range, as for /next (blocks_hash_or_number_next.sql).
-- Index: block_pkey (range).
{{include block_content}}
WHERE b.id < $1::int8 - $3 AND b.id >= $1::int8 - $3 - $2
ORDER BY b.id
