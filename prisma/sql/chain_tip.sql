-- The hash of the newest indexed block: the chain state every cached answer is keyed by
-- (apps/api/src/addresses/tip-cache.ts). Null before the first block.
-- Index: block_pkey (backwards).
SELECT encode(hash, 'hex') AS tip FROM block ORDER BY id DESC LIMIT 1
