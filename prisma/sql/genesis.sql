-- GET /genesis: the node's Shelley genesis, stored by the indexer at startup (one row).
-- Blockfrost serves the slot length in seconds.
SELECT
  active_slots_coefficient,
  update_quorum,
  max_lovelace_supply::text AS max_lovelace_supply,
  network_magic::float8 AS network_magic,
  epoch_length,
  system_start::float8 AS system_start,
  slots_per_kes_period,
  (slot_length_ms / 1000.0)::float8 AS slot_length,
  max_kes_evolutions,
  security_param
FROM genesis
WHERE id = 1
