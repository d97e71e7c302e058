-- The ledger's pool figures at an epoch boundary, as the epoch-change job reads them from Ogmios: one row per
-- epoch it took a snapshot in (whose presence tells "no stake" from "not known"), with the pots then.
CREATE TABLE "pool_snapshot_epoch" (
    "epoch" INTEGER NOT NULL,
    "treasury" BIGINT NOT NULL,
    "reserves" BIGINT NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pool_snapshot_epoch_pkey" PRIMARY KEY ("epoch")
);

-- Each registered pool's stake in that snapshot.
CREATE TABLE "pool_stake_snapshot" (
    "epoch" INTEGER NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    "stake" BIGINT NOT NULL,

    CONSTRAINT "pool_stake_snapshot_pkey" PRIMARY KEY ("epoch", "pool_hash")
);

-- A pool's delegators (live_delegators of /pools/{pool_id}).
CREATE INDEX "delegation_pool_hash_idx" ON "delegation"("pool_hash");
