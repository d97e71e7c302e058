-- GET /nutlink/{address}/tickers/{ticker} (by address or payment credential) and GET /nutlink/tickers/{ticker}:
-- a ticker's records in chain order from one index each, with the columns a page needs (tx_id, id), so a deep
-- page skips index entries only. The address index gains id and still serves the rollback's latest-record probe.
DROP INDEX "nutlink_ticker_address_id_ticker_tx_id_idx";
CREATE INDEX "nutlink_ticker_address_id_ticker_tx_id_id_idx" ON "nutlink_ticker"("address_id", "ticker", "tx_id", "id");
CREATE INDEX "nutlink_ticker_payment_cred_ticker_tx_id_id_idx" ON "nutlink_ticker"("payment_cred", "ticker", "tx_id", "id");
CREATE INDEX "nutlink_ticker_ticker_tx_id_id_idx" ON "nutlink_ticker"("ticker", "tx_id", "id");

-- GET /nutlink/{address}'s `metadata`: the off-chain JSON of a registration's URL, fetched by the indexer's
-- nut.link metadata job. Not chain data: a rollback leaves it.
CREATE TABLE "nutlink_metadata" (
    "url" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "metadata" JSONB,
    "hash_matches" BOOLEAN,
    "error" TEXT,
    "fetched_at" TIMESTAMPTZ(3),
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "nutlink_metadata_pkey" PRIMARY KEY ("url", "hash")
);
