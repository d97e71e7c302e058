-- An asset's transactions, a script's redeemers and a label's transactions were paged by an OFFSET into their
-- rows, which walks every row it skips: a deep page of a busy asset, script or label read hundreds of thousands of
-- index entries. Each row now carries its place in its list (1 for the first row the index saw, in the list's
-- chain order), so a page is the range of places it covers, as an address's is. The indexer numbers the rows it
-- writes after the last ones; a rollback deletes the newest rows, the end of each numbering.
ALTER TABLE "asset_tx" ADD COLUMN "position" INTEGER;
UPDATE "asset_tx" a SET "position" = n.position
FROM (SELECT asset_id, tx_id, row_number() OVER (PARTITION BY asset_id ORDER BY tx_id) AS position FROM "asset_tx") n
WHERE a.asset_id = n.asset_id AND a.tx_id = n.tx_id;
ALTER TABLE "asset_tx" ALTER COLUMN "position" SET NOT NULL;
-- an asset's page: one index-only range (the primary key stays for the from/to probes)
CREATE UNIQUE INDEX "asset_tx_asset_id_position_idx" ON "asset_tx"("asset_id", "position") INCLUDE ("tx_id");

-- null for a redeemer that runs no script the index knows, as it is in no script's list
ALTER TABLE "redeemer" ADD COLUMN "script_position" INTEGER;
UPDATE "redeemer" r SET "script_position" = n.position
FROM (SELECT id, row_number() OVER (PARTITION BY script_hash ORDER BY id) AS position FROM "redeemer"
      WHERE script_hash IS NOT NULL) n
WHERE r.id = n.id;
-- a script's page: one range; its list has no from/to, so the index in chain order it replaces has no other reader
CREATE UNIQUE INDEX "redeemer_script_hash_script_position_idx" ON "redeemer"("script_hash", "script_position")
  INCLUDE ("id") WHERE "script_hash" IS NOT NULL;
DROP INDEX "redeemer_script_hash_id_idx";

ALTER TABLE "tx_metadata_cbor" ADD COLUMN "label_position" INTEGER;
UPDATE "tx_metadata_cbor" m SET "label_position" = n.position
FROM (SELECT id, row_number() OVER (PARTITION BY label ORDER BY tx_id, id) AS position FROM "tx_metadata_cbor") n
WHERE m.id = n.id;
ALTER TABLE "tx_metadata_cbor" ALTER COLUMN "label_position" SET NOT NULL;
-- a label's page: one range, the same way
CREATE UNIQUE INDEX "tx_metadata_cbor_label_label_position_idx" ON "tx_metadata_cbor"("label", "label_position");
DROP INDEX "tx_metadata_cbor_label_tx_id_idx";
