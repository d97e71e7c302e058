-- GET /network's supply without a pass over the UTxO set per request: the indexer keeps the sum of
-- the unspent outputs (and of those at script addresses) in one row, changed by each batch and each
-- rollback in the same transaction (apps/indexer/src/sink/utxo-supply.ts). Filled here from the
-- indexed chain, with the script test /network used before (CIP-19: a Shelley address's payment
-- credential is a script for header types 1, 3, 5 and 7, the 2-bit of its first bech32 data character).
CREATE TABLE "utxo_supply" (
    "id" INTEGER NOT NULL,
    "lovelace" BIGINT NOT NULL,
    "locked" BIGINT NOT NULL,
    CONSTRAINT "utxo_supply_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "utxo_supply_one_row" CHECK ("id" = 1)
);
INSERT INTO "utxo_supply" ("id", "lovelace", "locked")
SELECT 1, COALESCE(sum(o."value"), 0), COALESCE(sum(o."value") FILTER (
  WHERE o."payment_cred" IS NOT NULL
    AND (strpos('qpzry9x8gf2tvdw0s3jn54khce6mua7l', substr(a."address", strpos(a."address", '1') + 1, 1)) - 1) & 2 = 2
), 0)
FROM "tx_out" o JOIN "address" a ON a."id" = o."address_id"
WHERE o."spent_by_tx_id" IS NULL;
