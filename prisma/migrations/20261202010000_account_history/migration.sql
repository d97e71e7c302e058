-- Indexes for the account history paths and GET /txs/{hash}/pool_updates (docs/data-model.md): each walks
-- one account's (or pool's) rows in chain order instead of scanning the table.

-- GET /accounts/{stake_address}/withdrawals: an account's withdrawals by transaction.
CREATE INDEX "withdrawal_stake_address_id_tx_id_idx" ON "withdrawal"("stake_address_id", "tx_id");

-- GET /accounts/{stake_address}/mirs: an account's MIR payments by transaction.
CREATE INDEX "mir_stake_address_id_tx_id_idx" ON "mir"("stake_address_id", "tx_id");

-- GET /accounts/{stake_address}/addresses and /utxos: the outputs carrying an account's stake credential,
-- in chain order, with what both read of each (index-only for /addresses). Partial: enterprise and Byron
-- outputs, which carry none, stay out of it.
CREATE INDEX "tx_out_stake_address_id_id_idx" ON "tx_out"("stake_address_id", "id")
  INCLUDE ("address_id", "payment_cred") WHERE "stake_address_id" IS NOT NULL;

-- GET /txs/{hash}/pool_updates: whether a pool was retired before it registered again (its active epoch).
CREATE INDEX "pool_retire_pool_hash_tx_id_idx" ON "pool_retire"("pool_hash", "tx_id");
