-- GET /epochs/{number}/parameters and GET /epochs/latest/parameters: the protocol parameters and epoch
-- nonce the indexer stored for epoch $1 (Ogmios' answers while the node was in that epoch), or for the
-- newest stored epoch when $1 is NULL.
--   $1 int epoch, or NULL for the latest
-- Index: protocol_parameters_pkey.
SELECT epoch, params, encode(nonce, 'hex') AS nonce
FROM protocol_parameters
WHERE $1::int IS NULL OR epoch = $1
ORDER BY epoch DESC
LIMIT 1
