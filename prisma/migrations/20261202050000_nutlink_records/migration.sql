-- GET /nutlink/{address}/tickers/{ticker} by payment credential and GET /nutlink/tickers/{ticker}: a ticker's
-- records in chain order from an index, as the address index already gives them for one address.
CREATE INDEX "nutlink_ticker_payment_cred_ticker_tx_id_idx" ON "nutlink_ticker"("payment_cred", "ticker", "tx_id");
CREATE INDEX "nutlink_ticker_ticker_tx_id_idx" ON "nutlink_ticker"("ticker", "tx_id");

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
