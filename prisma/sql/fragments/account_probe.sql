-- The account of the account paths ($1 its bech32 stake address, exactly as stored in stake_address.view):
-- its id, null when the stake address was never seen (404).
account AS (
  SELECT (SELECT id FROM stake_address WHERE view = $1) AS id
)
