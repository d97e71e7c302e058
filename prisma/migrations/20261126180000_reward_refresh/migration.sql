-- Reward refreshes that survive a crash. A job queued after a batch commits is lost when the indexer
-- dies (kill -9) or Redis is down in between, and the ledger's reward balances of the batch's accounts
-- then stayed stale until the next epoch. The batch now marks its accounts in its own transaction; the
-- rewards job reads the marks, asks Ogmios, and removes each mark it answered unless a later batch
-- marked the account again meanwhile (a new `mark` from the sequence).
CREATE TABLE "reward_refresh" (
    "stake_address_id" BIGINT NOT NULL,
    "mark" BIGSERIAL NOT NULL,
    CONSTRAINT "reward_refresh_pkey" PRIMARY KEY ("stake_address_id")
);
CREATE INDEX "reward_refresh_mark_idx" ON "reward_refresh" ("mark");

-- The epoch whose every registered account was last marked for a refresh (the walk after each epoch
-- change): an indexer that starts with the chain in a later epoch marks them, as the lost job would have.
ALTER TABLE "indexer_status" ADD COLUMN "rewards_epoch" INTEGER;
