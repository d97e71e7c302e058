-- Whether the index knows pool $1 (hash) / $2 (its pool1… id): the 404 of every /pools/{pool_id} path, as
-- RYO looks for db-sync's pool_hash row, which a pool gets when it registers, retires or makes a block.
--   $1 bytea pool hash, $2 text pool id
-- Indexes: pool_registration_pool_hash_idx, pool_retire_pool_hash_tx_id_idx, block_slot_leader_epoch_id_idx.
SELECT (
  EXISTS (SELECT 1 FROM pool_registration WHERE pool_hash = $1)
  OR EXISTS (SELECT 1 FROM pool_retire WHERE pool_hash = $1)
  OR EXISTS (SELECT 1 FROM block WHERE slot_leader = $2)
) AS found
