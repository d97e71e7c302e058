-- GET /assets paged by an OFFSET into every minted asset in the order of its first mint: a deep page joined and
-- sorted all of them (mainnet has millions). Each asset's row now carries its place in that order (1 for the
-- first asset the index saw minted), so a page is the range of places it covers, as an address's transactions
-- are. The indexer numbers the assets a batch mints for the first time after the last ones; a rollback removes
-- the assets first minted after its point, the end of the numbering.
ALTER TABLE "asset_mint_total" ADD COLUMN "position" INTEGER;
UPDATE "asset_mint_total" t SET "position" = n.position
FROM (SELECT asset_id, row_number() OVER (ORDER BY first_mint_id) AS position FROM "asset_mint_total") n
WHERE t.asset_id = n.asset_id;
ALTER TABLE "asset_mint_total" ALTER COLUMN "position" SET NOT NULL;
CREATE UNIQUE INDEX "asset_mint_total_position_key" ON "asset_mint_total"("position");
-- read only by GET /assets, which now reads the places; the policy's list keeps its own index
DROP INDEX "asset_mint_total_first_mint_id_key";
