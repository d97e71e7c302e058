-- An account's live outputs (GET /accounts/{stake_address}/utxos) in chain order from one index range (issue #50):
-- walking the account's every output in tx_out_stake_address_id_id_idx and probing unspent_tx_out for each read a
-- long-lived account's whole history for a page of the few outputs it still has. unspent_tx_out now carries its
-- output's stake_address_id, filled here from the indexed chain; the indexer maintains it with the row.
ALTER TABLE "unspent_tx_out" ADD COLUMN "stake_address_id" BIGINT;
UPDATE "unspent_tx_out" u SET "stake_address_id" = o."stake_address_id"
FROM "tx_out" o WHERE o."id" = u."tx_out_id" AND o."stake_address_id" IS NOT NULL;
CREATE INDEX "unspent_tx_out_stake_address_id_tx_out_id_idx" ON "unspent_tx_out"("stake_address_id", "tx_out_id") INCLUDE ("address_id") WHERE "stake_address_id" IS NOT NULL;
