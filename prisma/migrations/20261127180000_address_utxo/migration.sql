-- Deep pages of busy addresses read cold (issue #16). A page's 100 outputs lie anywhere in tx_out, tx,
-- block and ma_tx_out (an exchange's outputs span the whole chain), so a page not in PostgreSQL's cache
-- cost ≈ 400 random page reads. address_utxo holds each live output with everything its answer needs,
-- and its unique index carries every column (INCLUDE), so an address's outputs sit together in the
-- index's leaf pages in chain order: a page is two or three leaf pages, read by an index-only scan.

-- What address_utxo holds for an output, in its column order: the one definition the indexer's
-- batches, the rollback and this fill insert through. A B-tree entry holds at most ≈ 2.7 kB, so an
-- output whose inline datum bytes plus 200 per asset (more than one {unit, quantity} takes in jsonb)
-- exceed 2,000 keeps neither here (`complete` false) and the reader takes them from tx_out and ma_tx_out.
CREATE VIEW "address_utxo_source" AS
SELECT
    o."id" AS "tx_out_id",
    o."address_id",
    t."hash" AS "tx_hash",
    o."index" AS "output_index",
    b."hash" AS "block_hash",
    o."value" AS "lovelace",
    o."data_hash",
    o."reference_script_hash",
    CASE WHEN f."fits" THEN o."inline_datum" END AS "inline_datum",
    CASE WHEN f."fits" THEN a."assets" END AS "assets",
    f."fits" AS "complete"
FROM "tx_out" o
JOIN "tx" t ON t."id" = o."tx_id"
JOIN "block" b ON b."id" = t."block_id"
-- Every asset of the output in unit order (policy bytes, then name bytes: the ledger's map order).
LEFT JOIN LATERAL (
    SELECT jsonb_agg(jsonb_build_object('unit', encode(s."policy" || s."name", 'hex'), 'quantity', m."quantity"::text)
                     ORDER BY s."policy", s."name") AS "assets",
           count(*) AS "asset_count"
    FROM "ma_tx_out" m JOIN "asset" s ON s."id" = m."asset_id"
    WHERE o."has_assets" AND m."tx_out_id" = o."id"
) a ON true
CROSS JOIN LATERAL (
    SELECT coalesce(octet_length(o."inline_datum"), 0) + 200 * a."asset_count" <= 2000 AS "fits"
) f;

CREATE TABLE "address_utxo" (
    "tx_out_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "tx_hash" BYTEA NOT NULL,
    "output_index" INTEGER NOT NULL,
    "block_hash" BYTEA NOT NULL,
    "lovelace" BIGINT NOT NULL,
    "data_hash" BYTEA,
    "reference_script_hash" BYTEA,
    "inline_datum" BYTEA,
    "assets" JSONB,
    "complete" BOOLEAN NOT NULL,
    CONSTRAINT "address_utxo_pkey" PRIMARY KEY ("tx_out_id")
);
INSERT INTO "address_utxo"
SELECT s.* FROM "address_utxo_source" s
WHERE s."tx_out_id" IN (SELECT "id" FROM "tx_out" WHERE "spent_by_tx_id" IS NULL);

CREATE UNIQUE INDEX "address_utxo_address_id_tx_out_id_key" ON "address_utxo" ("address_id", "tx_out_id")
    INCLUDE ("tx_hash", "output_index", "block_hash", "lovelace", "data_hash", "reference_script_hash",
             "inline_datum", "assets", "complete");
