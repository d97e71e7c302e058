-- DRep registrations and updates carry their anchor (the CIP-119 document's URL and blake2b-256 hash).
ALTER TABLE "drep_registration" ADD COLUMN "anchor_url" TEXT, ADD COLUMN "anchor_hash" BYTEA;

-- GET /governance/dreps/{drep_id}/delegators: the vote delegations to one DRep in chain order.
CREATE INDEX "delegation_vote_drep_hash_id_idx" ON "delegation_vote"("drep_hash", "id");

-- Committee hot-key authorisations: a cold credential names the hot credential that votes for it.
CREATE TABLE "committee_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "cold_kind" TEXT NOT NULL,
    "cold_hash" BYTEA NOT NULL,
    "hot_kind" TEXT NOT NULL,
    "hot_hash" BYTEA NOT NULL,
    CONSTRAINT "committee_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "committee_registration_cold_hash_tx_id_idx" ON "committee_registration"("cold_hash", "tx_id");
CREATE INDEX "committee_registration_tx_id_idx" ON "committee_registration"("tx_id");

-- Committee resignations, with the anchor explaining them when there is one.
CREATE TABLE "committee_de_registration" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "cert_index" INTEGER NOT NULL,
    "cold_kind" TEXT NOT NULL,
    "cold_hash" BYTEA NOT NULL,
    "anchor_url" TEXT,
    "anchor_hash" BYTEA,
    CONSTRAINT "committee_de_registration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "committee_de_registration_cold_hash_tx_id_idx" ON "committee_de_registration"("cold_hash", "tx_id");
CREATE INDEX "committee_de_registration_tx_id_idx" ON "committee_de_registration"("tx_id");

-- Ledger state at an epoch boundary (Ogmios queryLedgerState/delegateRepresentatives), per epoch and DRep
-- (its Blockfrost id: CIP-129 bech32, or drep_always_abstain / drep_always_no_confidence). Not chain data.
CREATE TABLE "drep_snapshot" (
    "epoch" INTEGER NOT NULL,
    "drep_id" TEXT NOT NULL,
    "drep_kind" TEXT NOT NULL,
    "drep_hash" BYTEA,
    "stake" BIGINT NOT NULL,
    "deposit" BIGINT,
    "mandate_epoch" INTEGER,
    "anchor_url" TEXT,
    "anchor_hash" BYTEA,
    "delegators" INTEGER NOT NULL,
    CONSTRAINT "drep_snapshot_pkey" PRIMARY KEY ("epoch", "drep_id")
);

-- The constitutional committee at an epoch boundary (Ogmios queryLedgerState/constitutionalCommittee).
CREATE TABLE "committee_snapshot" (
    "epoch" INTEGER NOT NULL,
    "quorum_numerator" BIGINT,
    "quorum_denominator" BIGINT,
    CONSTRAINT "committee_snapshot_pkey" PRIMARY KEY ("epoch")
);

CREATE TABLE "committee_member_snapshot" (
    "epoch" INTEGER NOT NULL,
    "cold_kind" TEXT NOT NULL,
    "cold_hash" BYTEA NOT NULL,
    "status" TEXT NOT NULL,
    "mandate_epoch" INTEGER,
    "hot_status" TEXT NOT NULL,
    "hot_kind" TEXT,
    "hot_hash" BYTEA,
    CONSTRAINT "committee_member_snapshot_pkey" PRIMARY KEY ("epoch", "cold_hash", "cold_kind")
);

-- The off-chain document of a governance anchor (CIP-119 DRep metadata, CIP-108 proposal metadata), per URL and
-- hash, fetched by the indexer's anchor job. Not chain data: a rollback leaves it.
CREATE TABLE "governance_anchor" (
    "url" TEXT NOT NULL,
    "hash" BYTEA NOT NULL,
    "bytes" BYTEA,
    "json" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "governance_anchor_pkey" PRIMARY KEY ("url", "hash")
);
