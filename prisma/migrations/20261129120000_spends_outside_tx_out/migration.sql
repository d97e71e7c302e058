-- Spends are rows of their own instead of an update of the output (issue #16). Marking a stored output
-- spent rewrote its whole tx_out row with three index entries (primary key, (tx_id, index), spent_by_tx_id):
-- a random page of an ever larger table for every input. A spend is now one narrow row appended by COPY
-- (tx_out_spend), and the live outputs an address or payment credential pages through are a table of their
-- own (unspent_tx_out), from which a spend deletes one row. Both are filled here from the indexed chain.

-- Which transaction spent each output: its inputs, or its collaterals when it failed phase 2.
CREATE TABLE "tx_out_spend" (
    "tx_out_id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    CONSTRAINT "tx_out_spend_pkey" PRIMARY KEY ("tx_out_id")
);
INSERT INTO "tx_out_spend" ("tx_out_id", "tx_id")
SELECT "id", "spent_by_tx_id" FROM "tx_out" WHERE "spent_by_tx_id" IS NOT NULL ORDER BY "spent_by_tx_id", "id";
CREATE INDEX "tx_out_spend_tx_id_idx" ON "tx_out_spend"("tx_id");

-- The outputs not spent yet, with what the address pages select and order by: an address's (or payment
-- credential's) live outputs in chain order, and whether each holds assets, from the index alone.
CREATE TABLE "unspent_tx_out" (
    "tx_out_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "payment_cred" BYTEA,
    "has_assets" BOOLEAN NOT NULL,
    CONSTRAINT "unspent_tx_out_pkey" PRIMARY KEY ("tx_out_id")
);
INSERT INTO "unspent_tx_out" ("tx_out_id", "address_id", "payment_cred", "has_assets")
SELECT "id", "address_id", "payment_cred", "has_assets" FROM "tx_out" WHERE "spent_by_tx_id" IS NULL ORDER BY "id";
CREATE INDEX "unspent_tx_out_address_id_tx_out_id_idx" ON "unspent_tx_out"("address_id", "tx_out_id") INCLUDE ("has_assets");
CREATE INDEX "unspent_tx_out_payment_cred_tx_out_id_idx" ON "unspent_tx_out"("payment_cred", "tx_out_id") INCLUDE ("has_assets");

-- Its indexes (the partial "unspent" ones and tx_out_spent_by_tx_id_idx) go with it.
ALTER TABLE "tx_out" DROP COLUMN "spent_by_tx_id";
