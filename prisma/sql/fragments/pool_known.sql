(
  EXISTS (SELECT 1 FROM pool_registration WHERE pool_hash = $pool_hash::bytea)
  OR EXISTS (SELECT 1 FROM pool_retire WHERE pool_hash = $pool_hash::bytea)
  OR EXISTS (SELECT 1 FROM block WHERE slot_leader = $pool_id::text)
)
