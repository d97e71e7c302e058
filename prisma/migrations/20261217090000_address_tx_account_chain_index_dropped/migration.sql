-- An account's list is read by its positions (address_tx.account_position); the index of its rows in chain order
-- served only the from/to probes, which a binary search over the positions answers, and cost every row written
-- an insert into a third index keyed by account.
DROP INDEX "address_tx_stake_address_id_tx_id_tx_out_id_idx";
