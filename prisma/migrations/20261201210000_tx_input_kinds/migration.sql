-- /txs/{hash} and /txs/{hash}/utxos as db-sync stores a transaction (issue #50):
-- - tx_input also names the inputs a transaction spends whose output the index never saw (created
--   before its first block), so that they are still listed and counted; a `kind` replaces the
--   reference flag. Spends of such outputs indexed before this migration are not recovered.
-- - A phase-2-invalid transaction keeps no collateral or reference inputs, no collateral return
--   and no redeemers: its collaterals are what it spends and its collateral return is its output.
ALTER TABLE "tx_input" ADD COLUMN "kind" TEXT;
UPDATE "tx_input" SET "kind" = CASE WHEN "reference" THEN 'reference' ELSE 'collateral' END;
ALTER TABLE "tx_input" ALTER COLUMN "kind" SET NOT NULL;
ALTER TABLE "tx_input" DROP COLUMN "reference";

DELETE FROM "tx_input" i USING "tx" t WHERE t."id" = i."tx_id" AND NOT t."valid";
DELETE FROM "collateral_tx_out" c USING "tx" t WHERE t."id" = c."tx_id" AND NOT t."valid";
UPDATE "tx" SET "redeemer_count" = 0 WHERE NOT "valid" AND "redeemer_count" <> 0;
