-- GET /network: supply and stake (docs/semantics.md says which fields are exact and which are not).
-- Aggregates over every unspent output and every account: a full pass over the live UTxO set, as
-- Blockfrost's own query.
--   max          the Shelley genesis maxLovelaceSupply
--   circulating  unspent outputs + withdrawable rewards (reward_balance, from the ledger)
--   locked       unspent outputs whose payment credential is a script
--   reserves     max - circulating: everything not in circulation, treasury and deposits included
--   treasury     0: the index holds no treasury
--   total        max - reserves (= circulating)
--   live         UTxO + rewards of registered accounts that delegated to a pool (retirements not indexed)
--   active       = live: the index keeps no stake snapshots
-- Indexes: tx_out_unspent_address_idx (partial, unspent), address_pkey,
-- stake_registration_stake_address_id_tx_id_idx, delegation_stake_address_id_id_idx.
WITH unspent AS (
  SELECT
    COALESCE(sum(o.value), 0) AS utxo,
    -- A Shelley address's first bech32 data character holds the top 5 bits of its header byte; the
    -- payment credential is a script for header types 1, 3, 5 and 7 (CIP-19), i.e. when the 2-bit of
    -- that character's value is set. Byron addresses (no payment_cred) hold no script credential.
    COALESCE(sum(o.value) FILTER (
      WHERE o.payment_cred IS NOT NULL
        AND (strpos('qpzry9x8gf2tvdw0s3jn54khce6mua7l', substr(a.address, strpos(a.address, '1') + 1, 1)) - 1) & 2 = 2
    ), 0) AS locked
  FROM tx_out o
  JOIN address a ON a.id = o.address_id
  WHERE o.spent_by_tx_id IS NULL
),
rewards AS (
  SELECT COALESCE(sum(amount), 0) AS withdrawable FROM reward_balance
),
-- RYO's live-stake accounts: registered now (latest registration after the latest deregistration) and
-- delegated at some point.
live_accounts AS (
  SELECT s.id
  FROM stake_address s
  WHERE EXISTS (SELECT 1 FROM delegation d WHERE d.stake_address_id = s.id)
    AND (
      SELECT coalesce(max(r.tx_id) FILTER (WHERE NOT r.deregistration), 0)
        > coalesce(max(r.tx_id) FILTER (WHERE r.deregistration), 0)
      FROM stake_registration r WHERE r.stake_address_id = s.id
    )
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
