-- Whether the index knows pool $pool_hash (hash) / $pool_id (its pool1… id): the 404 of every /pools/{pool_id}
-- path, as RYO looks for db-sync's pool_hash row, which a pool gets when it registers, retires or makes a block.
-- Indexes: pool_registration_pool_hash_idx, pool_retire_pool_hash_tx_id_idx, block_slot_leader_epoch_id_idx.
SELECT {{include pool_known}} AS found
