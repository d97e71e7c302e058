-- GET /network: supply and stake (docs/semantics.md says which fields are exact and which are not).
-- The UTxO sums come from utxo_supply, which the indexer keeps equal to a pass over the unspent
-- outputs (apps/indexer/src/sink/utxo-supply.ts); the stake figures aggregate over the accounts.
--   max          the Shelley genesis maxLovelaceSupply
--   circulating  unspent outputs + withdrawable rewards (reward_balance, from the ledger)
--   locked       unspent outputs whose payment credential is a script (CIP-19 header types 1, 3, 5, 7)
--   reserves     max - circulating: everything not in circulation, treasury and deposits included
--   treasury     0: the index holds no treasury
--   total        max - reserves (= circulating)
--   live         UTxO + rewards of registered accounts that delegated to a pool (retirements not indexed)
--   active       = live: the index keeps no stake snapshots
-- Indexes: utxo_supply_pkey, reward_balance_pkey,
-- stake_registration_stake_address_id_tx_id_idx, delegation_stake_address_id_id_idx.
WITH unspent AS (
  SELECT lovelace AS utxo, locked FROM utxo_supply WHERE id = 1
),
rewards AS (
  SELECT COALESCE(sum(amount), 0) AS withdrawable FROM reward_balance
),
-- RYO's live-stake accounts: registered now (the latest certificate is a registration; a registration
-- and a deregistration in one transaction leave the account deregistered) and delegated at some point.
-- One pass in index order over the certificates instead of a probe per stake address.
live_accounts AS (
  SELECT r.stake_address_id AS id
  FROM (
    SELECT DISTINCT ON (stake_address_id) stake_address_id, deregistration
    FROM stake_registration
    ORDER BY stake_address_id, tx_id DESC, deregistration DESC
  ) r
  WHERE NOT r.deregistration AND EXISTS (SELECT 1 FROM delegation d WHERE d.stake_address_id = r.stake_address_id)
),
live AS (
  SELECT COALESCE(sum(COALESCE(sb.utxo_value, 0) + COALESCE(rb.amount, 0)), 0) AS stake
  FROM live_accounts l
  LEFT JOIN stake_balance sb ON sb.stake_address_id = l.id
  LEFT JOIN reward_balance rb ON rb.stake_address_id = l.id
)
SELECT
  g.max_lovelace_supply::text AS max,
  (unspent.utxo + rewards.withdrawable)::text AS total,
  (unspent.utxo + rewards.withdrawable)::text AS circulating,
  unspent.locked::text AS locked,
  '0' AS treasury,
  (g.max_lovelace_supply - unspent.utxo - rewards.withdrawable)::text AS reserves,
  live.stake::text AS live,
  live.stake::text AS active
FROM genesis g, unspent, rewards, live
WHERE g.id = 1
