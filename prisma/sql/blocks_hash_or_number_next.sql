-- GET /blocks/{hash_or_number}/next: one page of the blocks after it, oldest first.
--   $1 int8 the block's id, $2 int page size, $3 int offset
-- Block ids are chain order without gaps (the indexer reloads its counters after a rollback), so a
-- page is an id range, as RYO computes it from db-sync's ids: a deep page costs no more than the first.
-- Epoch-boundary blocks and the genesis pseudo-block are blocks of the chain and count like the others.
-- Index: block_pkey (range).
{{include block_content}}
WHERE b.id > $1::int8 + $3 AND b.id <= $1::int8 + $3 + $2
ORDER BY b.id
