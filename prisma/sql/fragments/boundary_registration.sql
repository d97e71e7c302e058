-- CTE `registration`: each account's newest registration and deregistration up to transaction $boundary_tx_id,
-- the last one before an epoch boundary; the account is registered at the boundary when the registration is the
-- newer. Index: stake_registration_tx_id_idx.
registration AS (
  SELECT
    r.stake_address_id,
    max(r.tx_id) FILTER (WHERE NOT r.deregistration) AS registered_tx_id,
    coalesce(max(r.tx_id) FILTER (WHERE r.deregistration), 0) AS deregistered_tx_id
  FROM stake_registration r
  WHERE r.tx_id <= $boundary_tx_id::int8
  GROUP BY r.stake_address_id
)
