-- GET /nutlink/{address}/tickers from running totals (issue #16). Counting an oracle's tickers over nutlink_ticker
-- reads every record it ever posted: 10,000 rows per request for the benchmark's oracles (≈ 2 ms, so neither our API
-- nor the bare baseline keeps up with 500 req/s), and a mainnet oracle posting every few minutes has millions. The
-- totals hold one row per address and ticker; each batch adds to them and a rollback takes back what it removes.

-- per address and ticker: how many nutlink_ticker rows it has, and the first and latest of their transactions
CREATE TABLE "nutlink_ticker_total" (
    "address_id" BIGINT NOT NULL,
    "ticker" TEXT NOT NULL,
    "payment_cred" BYTEA,
    "records" BIGINT NOT NULL,
    "first_tx_id" BIGINT NOT NULL,
    "latest_tx_id" BIGINT NOT NULL,

    CONSTRAINT "nutlink_ticker_total_pkey" PRIMARY KEY ("address_id","ticker")
);

INSERT INTO "nutlink_ticker_total"
SELECT "address_id", "ticker", "payment_cred", count(*), min("tx_id"), max("tx_id")
FROM "nutlink_ticker" GROUP BY "address_id", "ticker", "payment_cred";

CREATE INDEX "nutlink_ticker_total_payment_cred_idx" ON "nutlink_ticker_total"("payment_cred");

-- The readers use the totals now. A rollback finds the latest record it leaves of each ticker it cuts.
DROP INDEX "nutlink_ticker_address_id_ticker_idx";
DROP INDEX "nutlink_ticker_payment_cred_ticker_idx";
CREATE INDEX "nutlink_ticker_address_id_ticker_tx_id_idx" ON "nutlink_ticker"("address_id", "ticker", "tx_id");
