-- GET /epochs/{number}/parameters and GET /epochs/latest/parameters: the protocol parameters and epoch
-- nonce the indexer stored for epoch $1 (Ogmios' answers while the node was in that epoch), or for the
-- newest stored epoch when $1 is NULL.
--   $1 int epoch, or NULL for the latest
-- version: the row version's xmin (the transaction that wrote it). The indexer replaces an epoch's row
-- with a fresh answer (ON CONFLICT DO UPDATE), which always writes a new version under a newer
-- transaction id, so the API may keep its mapped answer while epoch and version stay the same.
-- Index: protocol_parameters_pkey.
SELECT epoch, params, encode(nonce, 'hex') AS nonce, xmin::text AS version
FROM protocol_parameters
WHERE $1::int IS NULL OR epoch = $1
ORDER BY epoch DESC
LIMIT 1
