-- GET /txs/{hash}/required_signers: the key hashes a valid transaction's body requires signatures of
-- (db-sync extra_key_witness). Transactions indexed before this migration show none until re-indexed.
CREATE TABLE "tx_required_signer" (
    "id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "tx_required_signer_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "tx_required_signer_tx_id_idx" ON "tx_required_signer"("tx_id");
