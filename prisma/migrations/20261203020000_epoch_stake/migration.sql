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

-- One row per delegated account and snapshot, numbered in the ledger's order of credentials (script
-- credentials first, then key credentials, each by hash), the order db-sync stores and Blockfrost pages them in.
CREATE TABLE "epoch_stake" (
    "epoch" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    "amount" BIGINT NOT NULL,
    "rewards" BIGINT NOT NULL,

    CONSTRAINT "epoch_stake_pkey" PRIMARY KEY ("epoch", "position")
);

-- GET /epochs/{number}/stakes/{pool_id}: one pool's delegators of an epoch in the ledger's order.
CREATE INDEX "epoch_stake_epoch_pool_hash_position_idx" ON "epoch_stake"("epoch", "pool_hash", "position");

-- GET /accounts/{stake_address}/history: one account's snapshots by epoch.
CREATE UNIQUE INDEX "epoch_stake_stake_address_id_epoch_key" ON "epoch_stake"("stake_address_id", "epoch");

-- GET /pools/{pool_id}/delegators: a pool's delegations in chain order.
CREATE INDEX "delegation_pool_hash_id_idx" ON "delegation"("pool_hash", "id");
