-- GET /pools/{pool_id}/delegators, as RYO's pools_pool_id_delegators.sql: the live delegators of pool $3,
-- accounts whose newest delegation is to it and which are registered (their newest registration is later
-- than their newest deregistration), by that delegation, with their live stake: unspent lovelace plus
-- withdrawable rewards (docs/semantics.md#accounts-what-comes-from-the-ledger).
--   $1 int page size, $2 int offset, $3 bytea pool hash
-- Indexes: delegation_pool_hash_id_idx (in order), delegation_stake_address_id_id_idx,
-- stake_registration_stake_address_id_tx_id_idx, stake_address_pkey, stake_balance_pkey, reward_balance_pkey.
SELECT
  s.view AS address,
  (coalesce(b.utxo_value, 0) + coalesce(r.amount, 0))::text AS live_stake
FROM delegation d
JOIN stake_address s ON s.id = d.stake_address_id
LEFT JOIN stake_balance b ON b.stake_address_id = d.stake_address_id
LEFT JOIN reward_balance r ON r.stake_address_id = d.stake_address_id
WHERE d.pool_hash = $3
  AND d.id = (SELECT max(n.id) FROM delegation n WHERE n.stake_address_id = d.stake_address_id)
  AND coalesce(
    (SELECT g.tx_id FROM stake_registration g WHERE g.stake_address_id = d.stake_address_id
       AND NOT g.deregistration ORDER BY g.tx_id DESC LIMIT 1), 0)
    > coalesce(
    (SELECT g.tx_id FROM stake_registration g WHERE g.stake_address_id = d.stake_address_id
       AND g.deregistration ORDER BY g.tx_id DESC LIMIT 1), 0)
ORDER BY d.id {{direction}}
LIMIT $1::int4 OFFSET $2::int4
