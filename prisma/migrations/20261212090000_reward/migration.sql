-- The rewards each epoch boundary paid, as db-sync's reward table holds them: read by the epoch-change job from the
-- ledger's reward balances at two boundaries in a row (docs/semantics.md#rewards).
CREATE TABLE "reward" (
    "stake_address_id" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "earned_epoch" INTEGER NOT NULL,
    "spendable_epoch" INTEGER NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    CONSTRAINT "reward_pkey" PRIMARY KEY ("stake_address_id", "spendable_epoch", "type", "pool_hash")
);
CREATE INDEX "reward_stake_address_id_earned_epoch_idx" ON "reward"("stake_address_id", "earned_epoch");
CREATE INDEX "reward_pool_hash_earned_epoch_idx" ON "reward"("pool_hash", "earned_epoch");
CREATE INDEX "reward_spendable_epoch_idx" ON "reward"("spendable_epoch");

-- The boundaries whose reward balances the job read: by the hash of the block that began the epoch, so that a
-- restart in the same epoch keeps them and a rollback across the boundary has them read again.
CREATE TABLE "reward_boundary" (
    "epoch" INTEGER NOT NULL,
    "boundary_hash" BYTEA NOT NULL,
    "paid" BOOLEAN NOT NULL,
    "unattributed" INTEGER NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reward_boundary_pkey" PRIMARY KEY ("epoch")
);

-- Each registered account's non-zero reward balance as the ledger held it at the boundary that began `epoch`.
CREATE TABLE "reward_boundary_balance" (
    "epoch" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    CONSTRAINT "reward_boundary_balance_pkey" PRIMARY KEY ("epoch", "stake_address_id")
);
