-- Running totals of GET /assets and GET /assets/policy/{policy_id}: each minted asset's policy, first mint and the
-- sum and count of its mints and burns, kept by the batch writer and undone by rollbacks, so a page reads one row
-- per asset in first-mint order instead of summing every asset's mints per request.
CREATE TABLE "asset_mint_total" (
    "asset_id" BIGINT NOT NULL,
    "policy" BYTEA NOT NULL,
    "first_mint_id" BIGINT NOT NULL,
    "quantity" DECIMAL(39,0) NOT NULL,
    "mint_count" BIGINT NOT NULL,

    CONSTRAINT "asset_mint_total_pkey" PRIMARY KEY ("asset_id")
);

INSERT INTO "asset_mint_total"
SELECT m.asset_id, a.policy, min(m.id), sum(m.quantity), count(*)
FROM asset_mint m JOIN asset a ON a.id = m.asset_id
GROUP BY m.asset_id, a.policy;

CREATE UNIQUE INDEX "asset_mint_total_first_mint_id_key" ON "asset_mint_total"("first_mint_id");
CREATE UNIQUE INDEX "asset_mint_total_policy_first_mint_id_key" ON "asset_mint_total"("policy", "first_mint_id");
