-- GET /blocks/latest: the newest block of the chain (ids are chain order).
-- Index: block_pkey (backwards).
{{include block_content}}
ORDER BY b.id DESC
LIMIT 1
