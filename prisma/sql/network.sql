-- GET /network: supply and stake (docs/semantics.md#network-what-is-exact says which fields are exact and when).
-- The UTxO sums come from utxo_supply, which the indexer keeps equal to a pass over the unspent
-- outputs (apps/indexer/src/sink/utxo-supply.ts); the ledger's pots and stake come from the epoch-boundary
-- snapshots of the tip's epoch, with the index's own derivation where the indexer took none.
--   max          the Shelley genesis maxLovelaceSupply
--   circulating  unspent outputs + withdrawable rewards (reward_balance, from the ledger)
--   locked       unspent outputs whose payment credential is a script (CIP-19 header types 1, 3, 5, 7)
--   treasury     the ledger's treasury at the start of the newest epoch up to the tip's that has a pool
--                snapshot; 0 without one
--   reserves     the ledger's reserves of that snapshot; max - circulating without one
--   total        max - reserves
--   live         UTxO + rewards of accounts registered now whose newest delegation is to a pool not retired
--                (RYO's rule; a pool whose registration precedes the index counts as not retired)
--   active       the tip epoch's stake snapshot total (db-sync's epoch_stake sum); live without one
-- Indexes: utxo_supply_pkey, reward_balance_pkey, pool_snapshot_epoch_pkey, epoch_stake_snapshot_pkey,
-- stake_registration_stake_address_id_tx_id_idx, delegation_stake_address_id_id_idx, those of pool_states.
WITH {{include pool_states}},
unspent AS (
  SELECT lovelace AS utxo, locked FROM utxo_supply WHERE id = 1
),
rewards AS (
  SELECT COALESCE(sum(amount), 0) AS withdrawable FROM reward_balance
),
pots AS (
  SELECT e.treasury, e.reserves
  FROM pool_snapshot_epoch e
  WHERE e.epoch <= (SELECT epoch FROM tip)
  ORDER BY e.epoch DESC
  LIMIT 1
),
active_stake AS (
  SELECT s.amount FROM epoch_stake_snapshot s WHERE s.epoch = (SELECT epoch FROM tip)
),
-- RYO's live-stake accounts: registered now (the latest certificate is a registration; a registration
-- and a deregistration in one transaction leave the account deregistered), their newest delegation to a
-- pool that has not retired by the tip's epoch. One pass in index order over the certificates.
live_accounts AS (
  SELECT r.stake_address_id AS id
  FROM (
    SELECT DISTINCT ON (stake_address_id) stake_address_id, deregistration
    FROM stake_registration
    ORDER BY stake_address_id, tx_id DESC, deregistration DESC
  ) r
  CROSS JOIN LATERAL (
    SELECT d.pool_hash FROM delegation d WHERE d.stake_address_id = r.stake_address_id ORDER BY d.id DESC LIMIT 1
  ) d
  LEFT JOIN pool_state p ON p.pool_hash = d.pool_hash
  WHERE NOT r.deregistration AND (p.retiring_epoch IS NULL OR p.retiring_epoch > (SELECT epoch FROM tip))
),
live AS (
  SELECT COALESCE(sum(COALESCE(sb.utxo_value, 0) + COALESCE(rb.amount, 0)), 0) AS stake
  FROM live_accounts l
  LEFT JOIN stake_balance sb ON sb.stake_address_id = l.id
  LEFT JOIN reward_balance rb ON rb.stake_address_id = l.id
),
supply AS (
  SELECT
    COALESCE(pots.treasury, 0) AS treasury,
    COALESCE(pots.reserves, g.max_lovelace_supply - unspent.utxo - rewards.withdrawable) AS reserves
  FROM genesis g
  CROSS JOIN unspent
  CROSS JOIN rewards
  LEFT JOIN pots ON true
  WHERE g.id = 1
)
SELECT
  g.max_lovelace_supply::text AS max,
  (g.max_lovelace_supply - supply.reserves)::text AS total,
  (unspent.utxo + rewards.withdrawable)::text AS circulating,
  unspent.locked::text AS locked,
  supply.treasury::text AS treasury,
  supply.reserves::text AS reserves,
  live.stake::text AS live,
  COALESCE((SELECT amount FROM active_stake), live.stake)::text AS active
FROM genesis g, unspent, rewards, live, supply
WHERE g.id = 1
