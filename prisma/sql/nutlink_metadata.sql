-- GET /nutlink/{address}'s `metadata`: the off-chain JSON cached for the registration's URL and hash.
--   $1 text   metadata_url, $2 text metadata_hash, as the endpoint shows them
-- Indexes: nutlink_metadata_pkey.
SELECT metadata FROM nutlink_metadata WHERE url = $1 AND hash = $2
