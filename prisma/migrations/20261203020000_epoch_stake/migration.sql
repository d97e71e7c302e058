-- Per-account stake snapshots taken at each epoch boundary the indexer follows live (docs/semantics.md#stake-snapshots):
-- GET /epochs/{number}/stakes, /epochs/{number}/stakes/{pool_id} and /accounts/{stake_address}/history.

-- One row per snapshot: the epoch whose stake distribution it is (db-sync's epoch_stake label) and the
-- ledger state it was read from.
CREATE TABLE "epoch_stake_snapshot" (
    "epoch" INTEGER NOT NULL,
    "taken_in_epoch" INTEGER NOT NULL,
    "slot" BIGINT NOT NULL,
    "accounts" INTEGER NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "epoch_stake_snapshot_pkey" PRIMARY KEY ("epoch")
);

-- One row per delegated account and snapshot. The key pages /epochs/{number}/stakes in account order.
CREATE TABLE "epoch_stake" (
    "epoch" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    "amount" BIGINT NOT NULL,
    "rewards" BIGINT NOT NULL,

    CONSTRAINT "epoch_stake_pkey" PRIMARY KEY ("epoch", "stake_address_id")
);

-- GET /epochs/{number}/stakes/{pool_id}: one pool's delegators of an epoch in account order.
CREATE INDEX "epoch_stake_epoch_pool_hash_stake_address_id_idx" ON "epoch_stake"("epoch", "pool_hash", "stake_address_id");

-- GET /accounts/{stake_address}/history: one account's snapshots by epoch.
CREATE INDEX "epoch_stake_stake_address_id_epoch_idx" ON "epoch_stake"("stake_address_id", "epoch");
