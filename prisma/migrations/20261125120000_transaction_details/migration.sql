-- What GET /txs/{hash}, /txs/{hash}/utxos, /txs/{hash}/cbor and /txs/{hash}/metadata/cbor read.
-- Transactions indexed before this migration get zero counts and no CBOR, metadata, collateral or
-- reference inputs: index again from the origin for exact answers (docs/data-model.md).
ALTER TABLE "tx"
    ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "deposit" BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN "invalid_before" DECIMAL(20,0),
    ADD COLUMN "invalid_hereafter" DECIMAL(20,0),
    ADD COLUMN "treasury_donation" BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN "redeemer_count" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "pool_retire_count" INTEGER NOT NULL DEFAULT 0;
-- The indexer always writes them; the defaults only filled the rows that existed.
ALTER TABLE "tx"
    ALTER COLUMN "size" DROP DEFAULT,
    ALTER COLUMN "deposit" DROP DEFAULT,
    ALTER COLUMN "treasury_donation" DROP DEFAULT,
    ALTER COLUMN "redeemer_count" DROP DEFAULT,
    ALTER COLUMN "pool_retire_count" DROP DEFAULT;

CREATE TABLE "tx_cbor" (
    "tx_id" BIGINT NOT NULL,
    "bytes" BYTEA NOT NULL,
    CONSTRAINT "tx_cbor_pkey" PRIMARY KEY ("tx_id")
);

CREATE TABLE "tx_metadata_cbor" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "label" DECIMAL(20,0) NOT NULL,
    "bytes" BYTEA NOT NULL,
    CONSTRAINT "tx_metadata_cbor_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tx_metadata_cbor_tx_id_idx" ON "tx_metadata_cbor"("tx_id");

CREATE TABLE "tx_input" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "reference" BOOLEAN NOT NULL,
    "out_tx_hash" BYTEA NOT NULL,
    "out_index" INTEGER NOT NULL,
    CONSTRAINT "tx_input_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tx_input_tx_id_idx" ON "tx_input"("tx_id");

CREATE TABLE "collateral_tx_out" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "index" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "value" BIGINT NOT NULL,
    "data_hash" BYTEA,
    "inline_datum" BYTEA,
    "reference_script_hash" BYTEA,
    CONSTRAINT "collateral_tx_out_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "collateral_tx_out_tx_id_idx" ON "collateral_tx_out"("tx_id");
