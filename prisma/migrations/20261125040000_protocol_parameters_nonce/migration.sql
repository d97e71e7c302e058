-- The epoch nonce (Ogmios queryLedgerState/nonces `epochNonce`), which GET /epochs/{number}/parameters
-- serves; NULL where the nonce is neutral, as db-sync stores it.
ALTER TABLE "protocol_parameters" ADD COLUMN "nonce" BYTEA;
