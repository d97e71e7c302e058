-- Conway governance from the chain: proposal procedures (db-sync gov_action_proposal with its voting anchor),
-- their treasury withdrawals (db-sync treasury_withdrawal) and voting procedures (db-sync voting_procedure).
-- A vote names the action it is on by id (transaction hash, index) rather than by row, so a vote on an action
-- the index never saw (an index started mid-chain) is kept. Transactions indexed before this migration show
-- none until re-indexed.
CREATE TABLE "gov_action_proposal" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "index" INTEGER NOT NULL,
    "deposit" BIGINT NOT NULL,
    "return_address_id" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "prev_tx_hash" BYTEA,
    "prev_index" INTEGER,
    "param_update" BYTEA,
    "policy_hash" BYTEA,
    "anchor_url" TEXT NOT NULL,
    "anchor_hash" BYTEA NOT NULL,

    CONSTRAINT "gov_action_proposal_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "gov_action_proposal_tx_id_index_key" ON "gov_action_proposal"("tx_id", "index");

CREATE TABLE "treasury_withdrawal" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "gov_action_proposal_id" BIGINT NOT NULL,
    "stake_address_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "treasury_withdrawal_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "treasury_withdrawal_gov_action_proposal_id_id_idx" ON "treasury_withdrawal"("gov_action_proposal_id", "id");
CREATE INDEX "treasury_withdrawal_tx_id_idx" ON "treasury_withdrawal"("tx_id");

CREATE TABLE "voting_procedure" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "index" INTEGER NOT NULL,
    "voter_role" TEXT NOT NULL,
    "voter_hash" BYTEA NOT NULL,
    "voter_has_script" BOOLEAN NOT NULL,
    "gov_action_tx_hash" BYTEA NOT NULL,
    "gov_action_index" INTEGER NOT NULL,
    "vote" TEXT NOT NULL,
    "anchor_url" TEXT,
    "anchor_hash" BYTEA,

    CONSTRAINT "voting_procedure_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "voting_procedure_tx_id_idx" ON "voting_procedure"("tx_id");
CREATE INDEX "voting_procedure_gov_action_tx_hash_gov_action_index_id_idx" ON "voting_procedure"("gov_action_tx_hash", "gov_action_index", "id");
CREATE INDEX "voting_procedure_voter_role_voter_hash_id_idx" ON "voting_procedure"("voter_role", "voter_hash", "id");

-- Epoch-boundary snapshots of the ledger's live proposals (Ogmios queryLedgerState/governanceProposals), one per
-- epoch the indexer followed live: which proposals left between two snapshotted epochs tells their outcomes
-- (docs/semantics.md#governance-proposals). Not chain data: a rollback leaves them, a fresh answer for the
-- same epoch replaces them.
CREATE TABLE "governance_snapshot" (
    "epoch" INTEGER NOT NULL,

    CONSTRAINT "governance_snapshot_pkey" PRIMARY KEY ("epoch")
);

CREATE TABLE "governance_proposal_state" (
    "epoch" INTEGER NOT NULL,
    "tx_hash" BYTEA NOT NULL,
    "index" INTEGER NOT NULL,
    "since_epoch" INTEGER NOT NULL,
    "until_epoch" INTEGER NOT NULL,

    CONSTRAINT "governance_proposal_state_pkey" PRIMARY KEY ("epoch", "tx_hash", "index")
);

CREATE INDEX "governance_proposal_state_tx_hash_index_epoch_idx" ON "governance_proposal_state"("tx_hash", "index", "epoch");

-- A proposal's outcome is told in part by the later proposals that name it as their previous action.
CREATE INDEX "gov_action_proposal_prev_tx_hash_prev_index_idx" ON "gov_action_proposal"("prev_tx_hash", "prev_index");
