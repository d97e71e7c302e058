-- The indexer's reward balances at a boundary (apps/indexer/src/jobs/epoch-snapshots/rewards.ts), run in the
-- transaction that removed the boundary's earlier ones, if any. Rules: docs/semantics.md#rewards.
--   $1 int the epoch the boundary began; $boundary_tx_id int8 the id of the last transaction before it
-- Each account registered at the boundary with its reward balance as last read from the ledger (in $1: the
-- caller checked), the withdrawals the ledger had applied when it was read added back; zero balances are left
-- out (no row: zero).
WITH {{include boundary_registration}},
{{include boundary_withdrawn_since}}
INSERT INTO reward_boundary_balance (epoch, stake_address_id, amount)
SELECT $1::int4, g.stake_address_id, coalesce(r.amount, 0) + coalesce(x.amount, 0)
FROM registration g
LEFT JOIN reward_balance r ON r.stake_address_id = g.stake_address_id
LEFT JOIN withdrawn_since x ON x.stake_address_id = g.stake_address_id
WHERE g.registered_tx_id > g.deregistered_tx_id AND coalesce(r.amount, 0) + coalesce(x.amount, 0) > 0
