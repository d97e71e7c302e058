-- GET /txs/{hash}/pool_retires: pool retirement certificates of valid transactions (db-sync pool_retire).
-- Transactions indexed before this migration show none until re-indexed.
CREATE TABLE "pool_retire" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    "retiring_epoch" INTEGER NOT NULL,

    CONSTRAINT "pool_retire_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "pool_retire_tx_id_idx" ON "pool_retire"("tx_id");
