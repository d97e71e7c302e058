-- CTE `withdrawn_since`: per account, what it withdrew after transaction $boundary_tx_id (the last one before an
-- epoch boundary) in blocks up to the slot its reward_balance was read at: added to that balance, the
-- account's reward balance at the boundary (within an epoch only withdrawals change it).
-- Indexes: withdrawal_tx_id_idx, tx_pkey, block_pkey, reward_balance_pkey.
withdrawn_since AS (
  SELECT w.stake_address_id, sum(w.amount) AS amount
  FROM withdrawal w
  JOIN tx t ON t.id = w.tx_id
  JOIN block b ON b.id = t.block_id
  JOIN reward_balance r ON r.stake_address_id = w.stake_address_id
  WHERE w.tx_id > $boundary_tx_id::int8 AND b.slot <= r.slot
  GROUP BY w.stake_address_id
)
