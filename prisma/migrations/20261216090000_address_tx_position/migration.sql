-- An address's and an account's page of transactions was an OFFSET into their rows, which walks every row it
-- skips: a deep page of a busy address read millions. Each row now carries its place in the address's history
-- (1 for the first transaction the index saw) and in its account's list (chain order, a transaction's rows by
-- their lowest output), so a page is the range of places it covers. The indexer numbers the rows it writes after
-- the last ones; a rollback deletes the newest rows, the end of each numbering.
ALTER TABLE "address_tx" ADD COLUMN "position" INTEGER, ADD COLUMN "account_position" INTEGER;

UPDATE "address_tx" a SET "position" = n.position, "account_position" = n.account_position
FROM (
  SELECT address_id, tx_id,
    row_number() OVER (PARTITION BY address_id ORDER BY tx_id) AS position,
    CASE WHEN stake_address_id IS NOT NULL
      THEN row_number() OVER (PARTITION BY stake_address_id ORDER BY tx_id, tx_out_id) END AS account_position
  FROM "address_tx"
) n
WHERE a.address_id = n.address_id AND a.tx_id = n.tx_id;

ALTER TABLE "address_tx" ALTER COLUMN "position" SET NOT NULL;

-- an address's page: one index-only range
CREATE UNIQUE INDEX "address_tx_address_id_position_idx" ON "address_tx"("address_id", "position") INCLUDE ("tx_id");
-- an account's page: one index-only range
CREATE UNIQUE INDEX "address_tx_stake_address_id_account_position_idx" ON "address_tx"("stake_address_id", "account_position")
  INCLUDE ("tx_id", "tx_out_id", "address_id") WHERE "stake_address_id" IS NOT NULL;
