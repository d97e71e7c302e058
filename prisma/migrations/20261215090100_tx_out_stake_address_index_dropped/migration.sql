-- No query reads an account's outputs through tx_out any more: /accounts/{stake_address}/addresses reads
-- account_address and /accounts/{stake_address}/utxos the live outputs' own index. The index only cost every
-- output written.
DROP INDEX "tx_out_stake_address_id_id_idx";
