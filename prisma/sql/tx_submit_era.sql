-- POST /tx/submit: the era of the newest indexed block, which names the era of a rejection written as
-- cardano-submit-api writes it (packages/model/src/submit/submit-api-rejection.ts). No row before the
-- first block.
-- Index: block_pkey (backwards).
SELECT era FROM block ORDER BY id DESC LIMIT 1
