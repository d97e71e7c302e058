-- GET /pools/extended: the stored metadata files of a page's registrations, by their URL and hash (a registration
-- whose file was never fetched has no row). One statement for the page, prepared once, rather than a hundred ORed
-- conditions planned on every request.
--   $1 text[] the registrations' metadata URLs, $2 text[] their hashes (hex), pairwise
-- Indexes: pool_metadata_pkey.
SELECT m.url, m.hash, m.metadata, m.error_code AS "errorCode", m.error
FROM unnest($1::text[], $2::text[]) AS r (url, hash)
JOIN pool_metadata m ON m.url = r.url AND m.hash = r.hash
