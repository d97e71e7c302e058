-- Initial schema. Written to match prisma/schema.prisma (the drift test in packages/db compares them)
-- plus the partial indexes Prisma cannot express (see docs/data-model.md).

CREATE TABLE "block" (
    "id" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "height" INTEGER,
    "slot" BIGINT NOT NULL,
    "is_ebb" BOOLEAN NOT NULL,
    "epoch" INTEGER NOT NULL,
    "epoch_slot" INTEGER,
    "time" BIGINT NOT NULL,
    "size" INTEGER NOT NULL,
    "tx_count" INTEGER NOT NULL,
    "out_sum" BIGINT,
    "fees" BIGINT,
    "slot_leader" TEXT NOT NULL,
    "block_vrf" TEXT,
    "op_cert" BYTEA,
    "op_cert_counter" BIGINT,
    "previous_hash" BYTEA,
    "era" TEXT NOT NULL,
    CONSTRAINT "block_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "block_hash_key" ON "block"("hash");
CREATE UNIQUE INDEX "block_epoch_epoch_slot_key" ON "block"("epoch", "epoch_slot");
CREATE INDEX "block_slot_idx" ON "block"("slot");
CREATE INDEX "block_height_idx" ON "block"("height");

CREATE TABLE "tx" (
    "id" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "block_id" BIGINT NOT NULL,
    "block_index" INTEGER NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "fee" BIGINT NOT NULL,
    "out_sum" BIGINT NOT NULL,
    CONSTRAINT "tx_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tx_hash_key" ON "tx"("hash");
CREATE INDEX "tx_block_id_idx" ON "tx"("block_id");

CREATE TABLE "address" (
    "id" BIGINT NOT NULL,
    "address" TEXT NOT NULL,
    "payment_cred" BYTEA,
    "first_block_id" BIGINT NOT NULL,
    CONSTRAINT "address_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "address_address_key" ON "address"("address");
CREATE INDEX "address_payment_cred_idx" ON "address"("payment_cred");
CREATE INDEX "address_first_block_id_idx" ON "address"("first_block_id");

CREATE TABLE "stake_address" (
    "id" BIGINT NOT NULL,
    "hash_raw" BYTEA NOT NULL,
    "view" TEXT NOT NULL,
    "first_block_id" BIGINT NOT NULL,
    CONSTRAINT "stake_address_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "stake_address_hash_raw_key" ON "stake_address"("hash_raw");
CREATE UNIQUE INDEX "stake_address_view_key" ON "stake_address"("view");
CREATE INDEX "stake_address_first_block_id_idx" ON "stake_address"("first_block_id");

CREATE TABLE "tx_out" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "index" INTEGER NOT NULL,
    "address_id" BIGINT NOT NULL,
    "payment_cred" BYTEA,
    "stake_address_id" BIGINT,
    "value" BIGINT NOT NULL,
    "has_assets" BOOLEAN NOT NULL,
    "data_hash" BYTEA,
    "inline_datum" BYTEA,
    "reference_script_hash" BYTEA,
    "spent_by_tx_id" BIGINT,
    CONSTRAINT "tx_out_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tx_out_tx_id_index_key" ON "tx_out"("tx_id", "index");
-- /addresses/{address}/utxos/{asset}: the live outputs of one address (or payment credential) in chain order.
CREATE INDEX "tx_out_unspent_address_idx" ON "tx_out"("address_id", "id") WHERE "spent_by_tx_id" IS NULL;
CREATE INDEX "tx_out_unspent_payment_cred_idx" ON "tx_out"("payment_cred", "id") WHERE "spent_by_tx_id" IS NULL;
-- ON DELETE SET NULL of spent_by_tx_id during rollback, and re-spending lookups.
CREATE INDEX "tx_out_spent_by_tx_id_idx" ON "tx_out"("spent_by_tx_id") WHERE "spent_by_tx_id" IS NOT NULL;
-- FK cascades from address and stake_address (rollback of first-seen rows).
CREATE INDEX "tx_out_address_id_idx" ON "tx_out"("address_id");
CREATE INDEX "tx_out_stake_address_id_idx" ON "tx_out"("stake_address_id") WHERE "stake_address_id" IS NOT NULL;

CREATE TABLE "asset" (
    "id" BIGINT NOT NULL,
    "policy" BYTEA NOT NULL,
    "name" BYTEA NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "first_block_id" BIGINT NOT NULL,
    CONSTRAINT "asset_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "asset_policy_name_key" ON "asset"("policy", "name");
CREATE INDEX "asset_first_block_id_idx" ON "asset"("first_block_id");

CREATE TABLE "ma_tx_out" (
    "tx_out_id" BIGINT NOT NULL,
    "asset_id" BIGINT NOT NULL,
    "quantity" DECIMAL(39,0) NOT NULL,
    CONSTRAINT "ma_tx_out_pkey" PRIMARY KEY ("tx_out_id", "asset_id")
);
CREATE INDEX "ma_tx_out_asset_id_idx" ON "ma_tx_out"("asset_id");

CREATE TABLE "asset_mint" (
    "id" BIGINT NOT NULL,
    "asset_id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "quantity" DECIMAL(39,0) NOT NULL,
    CONSTRAINT "asset_mint_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "asset_mint_asset_id_tx_id_idx" ON "asset_mint"("asset_id", "tx_id");
CREATE INDEX "asset_mint_tx_id_idx" ON "asset_mint"("tx_id");

CREATE TABLE "tx_metadata" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "label" DECIMAL(20,0) NOT NULL,
    "json" JSONB,
    "bytes" BYTEA NOT NULL,
    CONSTRAINT "tx_metadata_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tx_metadata_tx_id_label_idx" ON "tx_metadata"("tx_id", "label");

CREATE TABLE "datum" (
    "id" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "bytes" BYTEA NOT NULL,
    "tx_id" BIGINT NOT NULL,
    CONSTRAINT "datum_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "datum_hash_key" ON "datum"("hash");
CREATE INDEX "datum_tx_id_idx" ON "datum"("tx_id");

CREATE TABLE "script" (
    "id" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "language" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "tx_id" BIGINT NOT NULL,
    CONSTRAINT "script_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "script_hash_key" ON "script"("hash");
CREATE INDEX "script_tx_id_idx" ON "script"("tx_id");

CREATE TABLE "stake_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "deregistration" BOOLEAN NOT NULL,
    CONSTRAINT "stake_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "stake_registration_stake_address_id_tx_id_idx" ON "stake_registration"("stake_address_id", "tx_id");
CREATE INDEX "stake_registration_tx_id_idx" ON "stake_registration"("tx_id");

CREATE TABLE "delegation" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    CONSTRAINT "delegation_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "delegation_stake_address_id_id_idx" ON "delegation"("stake_address_id", "id");
CREATE INDEX "delegation_tx_id_idx" ON "delegation"("tx_id");

CREATE TABLE "delegation_vote" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "drep_kind" TEXT NOT NULL,
    "drep_hash" BYTEA,
    CONSTRAINT "delegation_vote_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "delegation_vote_stake_address_id_id_idx" ON "delegation_vote"("stake_address_id", "id");
CREATE INDEX "delegation_vote_tx_id_idx" ON "delegation_vote"("tx_id");

CREATE TABLE "drep_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "drep_kind" TEXT NOT NULL,
    "drep_hash" BYTEA NOT NULL,
    "deposit" BIGINT,
    CONSTRAINT "drep_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "drep_registration_drep_hash_tx_id_idx" ON "drep_registration"("drep_hash", "tx_id");
CREATE INDEX "drep_registration_tx_id_idx" ON "drep_registration"("tx_id");

CREATE TABLE "withdrawal" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    CONSTRAINT "withdrawal_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "withdrawal_stake_address_id_idx" ON "withdrawal"("stake_address_id");
CREATE INDEX "withdrawal_tx_id_idx" ON "withdrawal"("tx_id");

CREATE TABLE "mir" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "pot" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    CONSTRAINT "mir_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "mir_stake_address_id_idx" ON "mir"("stake_address_id");
CREATE INDEX "mir_tx_id_idx" ON "mir"("tx_id");

CREATE TABLE "pool_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "pool_hash" BYTEA NOT NULL,
    CONSTRAINT "pool_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pool_registration_pool_hash_idx" ON "pool_registration"("pool_hash");
CREATE INDEX "pool_registration_tx_id_idx" ON "pool_registration"("tx_id");

CREATE TABLE "stake_balance" (
    "stake_address_id" BIGINT NOT NULL,
    "utxo_value" BIGINT NOT NULL,
    CONSTRAINT "stake_balance_pkey" PRIMARY KEY ("stake_address_id")
);

CREATE TABLE "reward_balance" (
    "stake_address_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "slot" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reward_balance_pkey" PRIMARY KEY ("stake_address_id")
);

CREATE TABLE "nutlink_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "payment_cred" BYTEA,
    CONSTRAINT "nutlink_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "nutlink_registration_address_id_idx" ON "nutlink_registration"("address_id");
CREATE INDEX "nutlink_registration_payment_cred_idx" ON "nutlink_registration"("payment_cred");
CREATE INDEX "nutlink_registration_tx_id_idx" ON "nutlink_registration"("tx_id");

CREATE TABLE "nutlink_ticker" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "payment_cred" BYTEA,
    "ticker" TEXT NOT NULL,
    CONSTRAINT "nutlink_ticker_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "nutlink_ticker_address_id_ticker_idx" ON "nutlink_ticker"("address_id", "ticker");
CREATE INDEX "nutlink_ticker_payment_cred_ticker_idx" ON "nutlink_ticker"("payment_cred", "ticker");
CREATE INDEX "nutlink_ticker_tx_id_idx" ON "nutlink_ticker"("tx_id");

CREATE TABLE "token_metadata" (
    "subject" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "ticker" TEXT,
    "url" TEXT,
    "logo" TEXT,
    "decimals" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "token_metadata_pkey" PRIMARY KEY ("subject")
);

CREATE TABLE "indexer_status" (
    "id" INTEGER NOT NULL,
    "network" TEXT NOT NULL,
    "node_tip_slot" BIGINT,
    "node_tip_height" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "indexer_status_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "protocol_parameters" (
    "epoch" INTEGER NOT NULL,
    "params" JSONB NOT NULL,
    CONSTRAINT "protocol_parameters_pkey" PRIMARY KEY ("epoch")
);

ALTER TABLE "tx" ADD CONSTRAINT "tx_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "block"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "address" ADD CONSTRAINT "address_first_block_id_fkey" FOREIGN KEY ("first_block_id") REFERENCES "block"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stake_address" ADD CONSTRAINT "stake_address_first_block_id_fkey" FOREIGN KEY ("first_block_id") REFERENCES "block"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tx_out" ADD CONSTRAINT "tx_out_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tx_out" ADD CONSTRAINT "tx_out_spent_by_tx_id_fkey" FOREIGN KEY ("spent_by_tx_id") REFERENCES "tx"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tx_out" ADD CONSTRAINT "tx_out_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tx_out" ADD CONSTRAINT "tx_out_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "asset" ADD CONSTRAINT "asset_first_block_id_fkey" FOREIGN KEY ("first_block_id") REFERENCES "block"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ma_tx_out" ADD CONSTRAINT "ma_tx_out_tx_out_id_fkey" FOREIGN KEY ("tx_out_id") REFERENCES "tx_out"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ma_tx_out" ADD CONSTRAINT "ma_tx_out_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "asset_mint" ADD CONSTRAINT "asset_mint_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "asset_mint" ADD CONSTRAINT "asset_mint_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tx_metadata" ADD CONSTRAINT "tx_metadata_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "datum" ADD CONSTRAINT "datum_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "script" ADD CONSTRAINT "script_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stake_registration" ADD CONSTRAINT "stake_registration_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stake_registration" ADD CONSTRAINT "stake_registration_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delegation" ADD CONSTRAINT "delegation_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delegation" ADD CONSTRAINT "delegation_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delegation_vote" ADD CONSTRAINT "delegation_vote_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delegation_vote" ADD CONSTRAINT "delegation_vote_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "drep_registration" ADD CONSTRAINT "drep_registration_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "mir" ADD CONSTRAINT "mir_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "mir" ADD CONSTRAINT "mir_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pool_registration" ADD CONSTRAINT "pool_registration_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stake_balance" ADD CONSTRAINT "stake_balance_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reward_balance" ADD CONSTRAINT "reward_balance_stake_address_id_fkey" FOREIGN KEY ("stake_address_id") REFERENCES "stake_address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "nutlink_registration" ADD CONSTRAINT "nutlink_registration_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "nutlink_registration" ADD CONSTRAINT "nutlink_registration_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "nutlink_ticker" ADD CONSTRAINT "nutlink_ticker_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "tx"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "nutlink_ticker" ADD CONSTRAINT "nutlink_ticker_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "address"("id") ON DELETE CASCADE ON UPDATE CASCADE;
