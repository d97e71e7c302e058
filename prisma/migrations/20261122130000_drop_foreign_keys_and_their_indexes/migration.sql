-- The indexer is the only writer and assigns every id itself: foreign keys cost a fifth of each
-- catch-up write (a row-level check per reference) and made rollbacks cascade row by row. Rollbacks
-- now delete each table's rows by range (apps/indexer/src/sink/chain-store.ts); see docs/data-model.md.
ALTER TABLE "tx" DROP CONSTRAINT "tx_block_id_fkey";
ALTER TABLE "address" DROP CONSTRAINT "address_first_block_id_fkey";
ALTER TABLE "stake_address" DROP CONSTRAINT "stake_address_first_block_id_fkey";
ALTER TABLE "tx_out" DROP CONSTRAINT "tx_out_tx_id_fkey";
ALTER TABLE "tx_out" DROP CONSTRAINT "tx_out_spent_by_tx_id_fkey";
ALTER TABLE "tx_out" DROP CONSTRAINT "tx_out_address_id_fkey";
ALTER TABLE "tx_out" DROP CONSTRAINT "tx_out_stake_address_id_fkey";
ALTER TABLE "asset" DROP CONSTRAINT "asset_first_block_id_fkey";
ALTER TABLE "ma_tx_out" DROP CONSTRAINT "ma_tx_out_tx_out_id_fkey";
ALTER TABLE "ma_tx_out" DROP CONSTRAINT "ma_tx_out_asset_id_fkey";
ALTER TABLE "asset_mint" DROP CONSTRAINT "asset_mint_asset_id_fkey";
ALTER TABLE "asset_mint" DROP CONSTRAINT "asset_mint_tx_id_fkey";
ALTER TABLE "tx_metadata" DROP CONSTRAINT "tx_metadata_tx_id_fkey";
ALTER TABLE "datum" DROP CONSTRAINT "datum_tx_id_fkey";
ALTER TABLE "script" DROP CONSTRAINT "script_tx_id_fkey";
ALTER TABLE "stake_registration" DROP CONSTRAINT "stake_registration_tx_id_fkey";
ALTER TABLE "stake_registration" DROP CONSTRAINT "stake_registration_stake_address_id_fkey";
ALTER TABLE "delegation" DROP CONSTRAINT "delegation_tx_id_fkey";
ALTER TABLE "delegation" DROP CONSTRAINT "delegation_stake_address_id_fkey";
ALTER TABLE "delegation_vote" DROP CONSTRAINT "delegation_vote_tx_id_fkey";
ALTER TABLE "delegation_vote" DROP CONSTRAINT "delegation_vote_stake_address_id_fkey";
ALTER TABLE "drep_registration" DROP CONSTRAINT "drep_registration_tx_id_fkey";
ALTER TABLE "withdrawal" DROP CONSTRAINT "withdrawal_tx_id_fkey";
ALTER TABLE "withdrawal" DROP CONSTRAINT "withdrawal_stake_address_id_fkey";
ALTER TABLE "mir" DROP CONSTRAINT "mir_tx_id_fkey";
ALTER TABLE "mir" DROP CONSTRAINT "mir_stake_address_id_fkey";
ALTER TABLE "pool_registration" DROP CONSTRAINT "pool_registration_tx_id_fkey";
ALTER TABLE "stake_balance" DROP CONSTRAINT "stake_balance_stake_address_id_fkey";
ALTER TABLE "reward_balance" DROP CONSTRAINT "reward_balance_stake_address_id_fkey";
ALTER TABLE "nutlink_registration" DROP CONSTRAINT "nutlink_registration_tx_id_fkey";
ALTER TABLE "nutlink_registration" DROP CONSTRAINT "nutlink_registration_address_id_fkey";
ALTER TABLE "nutlink_ticker" DROP CONSTRAINT "nutlink_ticker_tx_id_fkey";
ALTER TABLE "nutlink_ticker" DROP CONSTRAINT "nutlink_ticker_address_id_fkey";

-- These two served only the cascades from address and stake_address; no query reads them, and tx_out
-- is the table every batch writes most.
DROP INDEX "tx_out_address_id_idx";
DROP INDEX "tx_out_stake_address_id_idx";
