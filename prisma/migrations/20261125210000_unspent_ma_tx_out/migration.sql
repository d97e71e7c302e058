-- Deep pages of a busy address (issue #16): /addresses/{address}/utxos[/{asset}] page the ids of the
-- address's unspent outputs with an index-only scan and read the columns of the page's rows only.

-- The asset amounts of unspent outputs by address: the outputs holding an asset come from one index
-- range instead of a ma_tx_out probe per skipped output. Filled here from the indexed chain; the
-- indexer maintains it (docs/data-model.md).
CREATE TABLE "unspent_ma_tx_out" (
    "tx_out_id" BIGINT NOT NULL,
    "asset_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    CONSTRAINT "unspent_ma_tx_out_pkey" PRIMARY KEY ("tx_out_id", "asset_id")
);
INSERT INTO "unspent_ma_tx_out" ("tx_out_id", "asset_id", "address_id")
SELECT m."tx_out_id", m."asset_id", o."address_id"
FROM "ma_tx_out" m JOIN "tx_out" o ON o."id" = m."tx_out_id"
WHERE o."spent_by_tx_id" IS NULL;
CREATE INDEX "unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx" ON "unspent_ma_tx_out"("address_id", "asset_id", "tx_out_id");

-- `lovelace` (outputs without assets) is then answered from the index alone too.
DROP INDEX "tx_out_unspent_address_idx";
CREATE INDEX "tx_out_unspent_address_idx" ON "tx_out"("address_id", "id") INCLUDE ("has_assets") WHERE "spent_by_tx_id" IS NULL;
DROP INDEX "tx_out_unspent_payment_cred_idx";
CREATE INDEX "tx_out_unspent_payment_cred_idx" ON "tx_out"("payment_cred", "id") INCLUDE ("has_assets") WHERE "spent_by_tx_id" IS NULL;
