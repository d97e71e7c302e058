-- Each account-stake snapshot's total, written with its rows: the epoch's active_stake, read by /epochs without
-- summing a million rows per request. Snapshots taken before this column are summed once here.
ALTER TABLE "epoch_stake_snapshot" ADD COLUMN "amount" BIGINT;
UPDATE "epoch_stake_snapshot" s
  SET "amount" = coalesce((SELECT sum(e."amount") FROM "epoch_stake" e WHERE e."epoch" = s."epoch"), 0);
ALTER TABLE "epoch_stake_snapshot" ALTER COLUMN "amount" SET NOT NULL;

-- The block that began the epoch the snapshot was taken in: the state it was read from, so that the epoch-change
-- job run again in that epoch (a restart) keeps it, and takes it again only when a rollback across the boundary
-- changed that block. Snapshots taken before this column have none and are taken again once.
ALTER TABLE "epoch_stake_snapshot" ADD COLUMN "boundary_hash" BYTEA;
