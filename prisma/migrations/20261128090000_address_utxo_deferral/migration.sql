-- address_utxo filled once at the tip instead of row by row through a long catch-up (issue #16, goal 1). A
-- catch-up inserts most outputs into address_utxo only to delete them a few batches later, when they are
-- spent: ≈ a fifth of PostgreSQL's CPU per block into an empty database. While this table holds its row, the
-- indexer leaves address_utxo empty and the readers take every answer from address_utxo_source (tx_out, tx,
-- block, ma_tx_out: slower for deep pages, the same answers); the indexer fills address_utxo through the
-- view and removes the row in one transaction once it reaches the node's tip (apps/indexer/src/indexer.ts).
CREATE TABLE "address_utxo_deferral" (
    "id" INTEGER NOT NULL,
    -- the last block written before address_utxo was emptied
    "since_block_id" BIGINT NOT NULL,
    CONSTRAINT "address_utxo_deferral_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "address_utxo_deferral_one_row" CHECK ("id" = 1)
);

-- As before, with the answers of address_utxo_source appended while address_utxo is deferred: the EXISTS is
-- an InitPlan, so with no deferral that branch is a one-time filter that never runs (the page queries keep
-- their index-only scans of address_utxo).
CREATE OR REPLACE VIEW "address_utxo_answer" AS
SELECT
    c."tx_out_id",
    c."address_id",
    c."tx_hash",
    c."output_index",
    c."block_hash",
    c."lovelace",
    c."data_hash",
    c."reference_script_hash",
    CASE WHEN c."complete" THEN c."inline_datum" ELSE (SELECT o."inline_datum" FROM "tx_out" o WHERE o."id" = c."tx_out_id") END AS "inline_datum",
    CASE WHEN c."complete" THEN c."assets" ELSE (
        SELECT jsonb_agg(jsonb_build_object('unit', encode(s."policy" || s."name", 'hex'), 'quantity', m."quantity"::text)
                         ORDER BY s."policy", s."name")
        FROM "ma_tx_out" m JOIN "asset" s ON s."id" = m."asset_id"
        WHERE m."tx_out_id" = c."tx_out_id"
    ) END AS "assets"
FROM (
    SELECT * FROM "address_utxo"
    UNION ALL
    SELECT s.* FROM "address_utxo_source" s WHERE EXISTS (SELECT 1 FROM "address_utxo_deferral")
) c;
