-- Each account-stake snapshot's total, written with its rows: the epoch's active_stake, read by /epochs without
-- summing a million rows per request. Snapshots taken before this column are summed once here.
ALTER TABLE "epoch_stake_snapshot" ADD COLUMN "amount" BIGINT;
UPDATE "epoch_stake_snapshot" s
  SET "amount" = coalesce((SELECT sum(e."amount") FROM "epoch_stake" e WHERE e."epoch" = s."epoch"), 0);
ALTER TABLE "epoch_stake_snapshot" ALTER COLUMN "amount" SET NOT NULL;
