-- GET /pools/{pool_id}/delegators, as RYO's pools_pool_id_delegators.sql: the pool's existence probe
-- (pools_pool_id_exists.sql's) and one page of the live delegators of pool $pool_hash in one round trip:
-- accounts whose newest delegation is to it and which are registered (their newest registration is later
-- than their newest deregistration), by that delegation, with their live stake: unspent lovelace plus
-- withdrawable rewards (docs/semantics.md#accounts-what-comes-from-the-ledger). The probe row is always
-- present; the delegator columns are null when the page is empty.
--   $1 int page size, $2 int offset, $pool_hash bytea pool hash, $pool_id text its pool1… id
-- The newest delegation is written as "no later one exists": the planner then expects most of the pool's rows to
-- pass and walks them in order until the page is full, where `d.id = (SELECT max …)`, which it expects almost
-- no row to pass, made it read and sort every delegation the pool ever had for each page.
-- Indexes: delegation_pool_hash_id_idx (in order), delegation_stake_address_id_id_idx,
-- stake_registration_stake_address_id_tx_id_idx, stake_address_pkey, stake_balance_pkey, reward_balance_pkey;
-- pools_pool_id_exists.sql's for the probe.
WITH page AS (
  SELECT
    d.id,
    s.view AS address,
    (coalesce(b.utxo_value, 0) + coalesce(r.amount, 0))::text AS live_stake
  FROM delegation d
  JOIN stake_address s ON s.id = d.stake_address_id
  LEFT JOIN stake_balance b ON b.stake_address_id = d.stake_address_id
  LEFT JOIN reward_balance r ON r.stake_address_id = d.stake_address_id
  WHERE d.pool_hash = $pool_hash::bytea
    AND NOT EXISTS (SELECT FROM delegation n WHERE n.stake_address_id = d.stake_address_id AND n.id > d.id)
    AND coalesce(
      (SELECT g.tx_id FROM stake_registration g WHERE g.stake_address_id = d.stake_address_id
         AND NOT g.deregistration ORDER BY g.tx_id DESC LIMIT 1), 0)
      > coalesce(
      (SELECT g.tx_id FROM stake_registration g WHERE g.stake_address_id = d.stake_address_id
         AND g.deregistration ORDER BY g.tx_id DESC LIMIT 1), 0)
  ORDER BY d.id {{direction}}
  LIMIT $1::int4 OFFSET $2::int4
)
SELECT {{include pool_known}} AS seen, page.address, page.live_stake
FROM (SELECT 1) AS probe
LEFT JOIN page ON true
ORDER BY page.id {{direction}}
