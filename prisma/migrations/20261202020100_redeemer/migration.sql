-- GET /scripts/{script_hash}/redeemers and /txs/{hash}/redeemers: the witness redeemers of valid transactions
-- (db-sync redeemer, with its data's hash in place of a redeemer_data row). Transactions indexed before this
-- migration show none until re-indexed.
CREATE TABLE "redeemer" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "purpose" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "unit_mem" BIGINT NOT NULL,
    "unit_steps" BIGINT NOT NULL,
    "script_hash" BYTEA,
    "redeemer_data_hash" BYTEA NOT NULL,

    CONSTRAINT "redeemer_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "redeemer_tx_id_idx" ON "redeemer"("tx_id");
CREATE INDEX "redeemer_script_hash_id_idx" ON "redeemer"("script_hash", "id");
